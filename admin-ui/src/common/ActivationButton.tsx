import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { useState } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import type { ExamensDataProvider } from '../dashboard/dataProvider';

/** Désactiver / Réactiver with a confirmation; the server's French message shows on refusal. */
export const ActivationButton = ({ nameSource = 'libelle' }: { nameSource?: string }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const active = Boolean(record?.actif);
  const { mutate, isPending } = useMutation({
    mutationFn: () =>
      dataProvider.action(resource!, {
        id: record!.id,
        action: active ? 'desactiver' : 'reactiver',
        previousData: record!,
      }),
    onSuccess: () => {
      notify(active ? 'app.desactive' : 'app.reactive', { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record) return null;
  const name = String(record[nameSource] ?? record.id);
  return (
    <>
      <Button
        label={active ? 'app.desactiver' : 'app.reactiver'}
        onClick={() => setOpen(true)}
        disabled={isPending}
      >
        {active ? <BlockIcon /> : <CheckCircleIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={active ? 'app.desactiver' : 'app.reactiver'}
        content={translate(active ? 'app.confirmerDesactivation' : 'app.confirmerReactivation', {
          name,
        })}
        confirm="ra.action.confirm"
        cancel="ra.action.cancel"
        onConfirm={() => mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
