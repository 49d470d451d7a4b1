import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import SaveIcon from '@mui/icons-material/Save';
import { Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Datagrid,
  Form,
  FunctionField,
  List,
  maxLength,
  ReferenceField,
  required,
  SaveButton,
  SearchInput,
  TextField,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import type { SessionDocument, SessionStatus } from '@examens-pro/domain';
import { formatDate, formatDateTime, useOfficeTimeZone } from '../../../common/format';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';
import { HistoryPanel } from '../../../common/HistoryPanel';
import { FrenchDate } from '../../../kit/fields';
import { referenceResource } from '../../../kit/routes';
import { useRouteCan } from '../../../kit/useRouteCan';
import { StatusChip } from '../StatusChip';
import { serverErrors, serverMessage } from '../../../common/serverErrors';

type Session = RaRecord & SessionDocument;

const FAILED = 'La référence n’a pas pu être enregistrée. Vérifiez votre connexion et réessayez.';

/**
 * « Définir / Modifier la référence »: the arrêté's number and its date (typed JJ/MM/AAAA), sent
 * with the version the user saw; the server's refusals land under their fields.
 */
const EditReferenceButton = () => {
  const record = useRecordContext<Session>();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!record || record.statut === 'cloturee') return null;
  const label = record.numeroArrete ? 'Modifier la référence' : 'Définir la référence';
  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.command(`sessions/${encodeURIComponent(String(record.id))}/reference`, {
        data: { numeroArrete: values.numeroArrete, dateArrete: values.dateArrete },
        revision: record.version,
      });
    } catch (error) {
      notify(serverMessage(error) ?? FAILED, { type: 'error' });
      return serverErrors(error);
    }
    notify(`Référence d’examen de la session « ${record.libelle} » enregistrée.`, {
      type: 'success',
    });
    setOpen(false);
    refresh();
    return undefined;
  };
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <Form
          record={{
            numeroArrete: record.numeroArrete ?? '',
            dateArrete: record.dateArrete ?? null,
          }}
          onSubmit={submit}
          noValidate
        >
          <DialogTitle>Référence d’examen — {record.libelle}</DialogTitle>
          <DialogContent>
            <Stack>
              <TextInput
                source="numeroArrete"
                label="Numéro de l’arrêté"
                helperText="Par exemple : 2027/0042/MINEFOP/SG. Imprimé sur les procès-verbaux et les décisions."
                fullWidth
                validate={[
                  required('Le numéro de l’arrêté est obligatoire.'),
                  maxLength(100, 'Le numéro de l’arrêté compte au plus 100 caractères.'),
                ]}
              />
              <FrenchDate
                source="dateArrete"
                label="Date de l’arrêté"
                validate={required('La date de l’arrêté est obligatoire.')}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
            <SaveButton label="Enregistrer la référence" icon={<SaveIcon />} alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};

/** The reference's history (set, then each change: who, when, before → after). */
const HistoryButton = () => {
  const record = useRecordContext<Session>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button label="Historique" onClick={() => setOpen(true)}>
        <HistoryIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>Historique de la référence — {record.libelle}</DialogTitle>
        <DialogContent>{open ? <HistoryPanel /> : null}</DialogContent>
        <DialogActions>
          <Button label="ra.action.close" onClick={() => setOpen(false)} />
        </DialogActions>
      </Dialog>
    </>
  );
};

/**
 * « Référence d’examen »: every session with its one reference (arrêté number and date), printed
 * later on the minutes and the decisions. Who holds « Enregistrer la référence et la date de
 * délibération » sets or changes it in a dialog; everyone who opens the screen reads its history.
 */
export const ReferencesList = () => {
  const can = useRouteCan();
  const timeZone = useOfficeTimeZone();
  return (
    <List
      title="Référence d’examen"
      sort={{ field: 'ouvertureInscriptions', order: 'DESC' }}
      perPage={25}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Session ou numéro d’arrêté" />,
      ]}
      exporter={false}
      actions={false}
      empty={false}
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="libelle" label="Session" />
        <TextField source="annee" label="Année" />
        <ReferenceField
          source="examenId"
          reference={referenceResource('examens')}
          label="Examen"
          link={false}
          sortable={false}
        />
        <FunctionField
          label="Étape"
          sortable={false}
          render={(record: Session) => <StatusChip statut={record.statut as SessionStatus} />}
        />
        <TextField source="numeroArrete" label="Numéro de l’arrêté" emptyText="—" />
        <FunctionField
          label="Date de l’arrêté"
          sortBy="dateArrete"
          render={(record: Session) => (record.dateArrete ? formatDate(record.dateArrete) : '—')}
        />
        <FunctionField
          label="Enregistrée"
          sortable={false}
          render={(record: Session) =>
            record.referenceModifieeLe
              ? `${formatDateTime(record.referenceModifieeLe, timeZone)} par ${record.referenceModifieePar ?? ''}`
              : '—'
          }
        />
        {can.write ? <EditReferenceButton /> : null}
        <HistoryButton />
      </Datagrid>
    </List>
  );
};
