import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  AutocompleteInput,
  Form,
  Loading,
  ReferenceInput,
  SaveButton,
  Title,
  useBasename,
  useDataProvider,
  useGetOne,
  useNotify,
  type RaRecord,
} from 'react-admin';
import {
  canOpen,
  CANDIDATURE_STATUS_LABELS,
  IDENTITY_MESSAGES,
  routeById,
  SEXES,
  type CandidatureStatus,
} from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';
import { usePermissions } from '../../../dashboard/permissions';
import { formatDate } from '../../../common/format';
import { referenceResource } from '../../../kit/routes';
import { serverErrors, serverMessage } from '../../../common/serverErrors';
import { ATTACHMENT_FAILED, attachmentProblem } from '../../incidents/attachment';
import { AttachmentInput, useAttachmentChoice } from '../../incidents/AttachmentInput';
import { CorrectedIdentityInputs } from './CorrectedIdentityInputs';

const DOSSIERS = referenceResource('candidatures');
const HISTORY = 'espace-examen/gestion-des-contentieux/historique-modification-des-identites';
const FAILED = 'La correction n’a pas pu être enregistrée. Vérifiez votre connexion et réessayez.';

interface StoredDocument {
  fichier: string;
  nomFichier: string;
}

const candidateText = (record: RaRecord) =>
  [record.numeroCandidat, record.numeroDossier, record.libelle].filter(Boolean).join(' — ');

/** What the dossier says now, above the form. */
const Summary = ({ record }: { record: RaRecord }) => (
  <Table size="small" sx={{ mb: 2, maxWidth: 720 }} aria-label="Dossier">
    <TableBody>
      {[
        ['Numéro de dossier', record.numeroDossier],
        ['Numéro de candidat', record.numeroCandidat ?? '—'],
        ['Statut', CANDIDATURE_STATUS_LABELS[record.statut as CandidatureStatus] ?? record.statut],
        ['Nom et prénoms', record.libelle],
        ['Sexe', SEXES.find((s) => s.value === record.sexe)?.label ?? '—'],
        [
          'Né(e) le',
          `${formatDate(record.dateNaissance as string)} à ${String(record.lieuNaissance ?? '—')}`,
        ],
        ['Nationalité', record.nationalite ?? '—'],
      ].map(([label, value]) => (
        <TableRow key={String(label)}>
          <TableCell component="th" sx={{ width: 220 }}>
            {label}
          </TableCell>
          <TableCell>{String(value ?? '—')}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

/**
 * The correction of one candidate: the identity as it should read, the justification and the
 * document proving it. The document is sent first (stored, nothing recorded yet), then the
 * correction naming it, with the version of the dossier the user read (If-Match). The server's
 * refusals land under their fields.
 */
const CorrectionForm = ({ id, onDone }: { id: string; onDone: () => void }) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const { data: record, isPending, refetch } = useGetOne(DOSSIERS, { id });
  const attachment = useAttachmentChoice();
  const [round, setRound] = useState(0);
  if (isPending) return <Loading />;
  if (!record) return null;

  const submit = async (values: Record<string, unknown>) => {
    const { file } = attachment;
    if (!file || attachmentProblem(file)) {
      attachment.setProblem(file ? attachmentProblem(file) : IDENTITY_MESSAGES.document);
      return undefined;
    }
    let stored: StoredDocument;
    try {
      stored = (await dataProvider.command(
        `candidatures/${encodeURIComponent(id)}/correction-identite/document`,
        { file, headers: { 'X-Nom-Fichier': encodeURIComponent(file.name) } },
      )) as unknown as StoredDocument;
    } catch (error) {
      const message = serverMessage(error) ?? ATTACHMENT_FAILED;
      attachment.setProblem(message);
      notify(message, { type: 'error' });
      return undefined;
    }
    try {
      await dataProvider.command(`candidatures/${encodeURIComponent(id)}/correction-identite`, {
        data: {
          nom: values.nom,
          prenoms: values.prenoms,
          sexe: values.sexe,
          dateNaissance: values.dateNaissance,
          lieuNaissance: values.lieuNaissance,
          nationalite: values.nationalite,
          justification: values.justification,
          document: { fichier: stored.fichier, nomFichier: stored.nomFichier },
        },
        revision: record.version as number,
      });
    } catch (error) {
      const fields = serverErrors(error);
      if (fields?.document) attachment.setProblem(fields.document);
      notify(serverMessage(error) ?? FAILED, { type: 'error' });
      return fields;
    }
    notify('Identité corrigée. La correction figure dans l’historique des identités.', {
      type: 'success',
    });
    attachment.choose(undefined);
    setRound((n) => n + 1);
    await refetch();
    onDone();
    return undefined;
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {record.libelle}
        </Typography>
        <Summary record={record} />
        <Form
          key={`${record.id}-${round}`}
          record={{
            nom: record.nom ?? '',
            prenoms: record.prenoms ?? '',
            sexe: record.sexe ?? null,
            dateNaissance: record.dateNaissance ?? null,
            lieuNaissance: record.lieuNaissance ?? '',
            nationalite: record.nationalite ?? '',
            justification: '',
          }}
          onSubmit={submit}
          noValidate
        >
          <Stack sx={{ maxWidth: 720 }}>
            <CorrectedIdentityInputs />
            <AttachmentInput label="Document justificatif (obligatoire)" attachment={attachment} />
            <Box>
              <SaveButton label="Enregistrer la correction" icon={<SaveIcon />} alwaysEnable />
            </Box>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
};

/**
 * « Modification des informations d’identité » (Gestion des contentieux): find a candidate
 * registered for the exam by candidate number, dossier number or name, then correct their
 * identity with a justification and a document. Allowed once the session has reached its
 * composition (the server says so otherwise).
 */
export const CorrectionPage = () => {
  const held = usePermissions();
  const basename = useBasename();
  const [candidatureId, setCandidatureId] = useState<string>();
  const [corrected, setCorrected] = useState(false);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Modification des informations d’identité" />
      <Card>
        <CardContent>
          <Form onSubmit={() => undefined}>
            <Stack sx={{ maxWidth: 720 }}>
              <ReferenceInput
                source="candidatureId"
                reference={DOSSIERS}
                filter={{ inscrit: true }}
                sort={{ field: 'numeroDossier', order: 'DESC' }}
                perPage={20}
              >
                <AutocompleteInput
                  label="Candidat"
                  optionText={candidateText}
                  filterToQuery={(q: string) => ({ q })}
                  noOptionsText="Aucun candidat inscrit ne correspond."
                  helperText="Numéro de candidat, numéro de dossier ou nom."
                  onChange={(value: string | null) => {
                    setCandidatureId(value ?? undefined);
                    setCorrected(false);
                  }}
                  fullWidth
                />
              </ReferenceInput>
            </Stack>
          </Form>
          {corrected && canOpen(held, routeById(HISTORY)) ? (
            <Alert severity="success" sx={{ maxWidth: 720 }}>
              Correction enregistrée.{' '}
              <Link component={RouterLink} to={`${basename}/${HISTORY}`}>
                Voir l’historique des modifications des identités
              </Link>
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      {candidatureId ? (
        <CorrectionForm key={candidatureId} id={candidatureId} onDone={() => setCorrected(true)} />
      ) : null}
    </Box>
  );
};
