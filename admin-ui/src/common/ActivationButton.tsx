import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { useState } from 'react';
import { Button, Confirm, useRecordContext, useTranslate } from 'react-admin';
import { useRecordAction } from '../kit/useRecordAction';

/** Désactiver / Réactiver with a confirmation; the server's French message shows on refusal. */
export const ActivationButton = ({ nameSource = 'libelle' }: { nameSource?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const active = Boolean(record?.actif);
  const { mutate, isPending } = useRecordAction({
    action: active ? 'desactiver' : 'reactiver',
    success: active ? 'app.desactive' : 'app.reactive',
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
