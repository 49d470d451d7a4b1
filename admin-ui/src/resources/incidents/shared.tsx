import {
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { RaRecord } from 'react-admin';
import {
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  type IncidentDocumentBase,
  type IncidentStatus,
} from '@examens-pro/domain';
import { fileSize, formatDateTime, useOfficeTimeZone } from '../../common/format';
import { attachmentUrl } from './attachment';
import type { FieldDeclaration, ResourceDeclaration } from '../../kit/declaration';
import { OfficeDayFilter } from '../../kit/fields';

/**
 * What the screens of every kind of incident share (registration, exam): the statut and its chip,
 * the description, the attachment, the suivi of its statut, the recording date and who recorded
 * it; a kind declares the fields its recording names.
 */

const STATUS_COLOURS: Record<IncidentStatus, 'warning' | 'info' | 'success' | 'default'> = {
  ouvert: 'warning',
  'en-cours': 'info',
  resolu: 'success',
  rejete: 'default',
};

const statusLabel = (statut: unknown): string =>
  INCIDENT_STATUS_LABELS[statut as IncidentStatus] ?? String(statut ?? '');

const StatusChip = ({ statut }: { statut: unknown }) => (
  <Chip
    size="small"
    color={STATUS_COLOURS[statut as IncidentStatus] ?? 'default'}
    label={statusLabel(statut)}
  />
);

/** Characters of a text shown in a list; the whole text is on the incident's page. */
const SHORT = 80;

/** A long text: cut in lists (whole on hover), whole with its line breaks on the page. */
export const LongText = ({ text, where }: { text: string; where: 'list' | 'show' }) =>
  where === 'list' ? (
    <span title={text.length > SHORT ? text : undefined}>
      {text.length > SHORT ? `${text.slice(0, SHORT).trimEnd()}…` : text}
    </span>
  ) : (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Typography>
  );

/** The attachment, downloaded from the kind's API resource, with its size and when it was added. */
const Attachment = ({ record, api }: { record: RaRecord; api: string }) => {
  const timeZone = useOfficeTimeZone();
  const piece = record.pieceJointe as IncidentDocumentBase['pieceJointe'];
  if (!piece) return <>Aucune</>;
  return (
    <>
      <Link href={attachmentUrl(api, String(record.id))} target="_blank" rel="noopener">
        {piece.nomFichier}
      </Link>
      <Typography variant="caption" display="block" color="text.secondary">
        {fileSize(piece.taille)}
        {piece.deposeeLe ? `, ajoutée le ${formatDateTime(piece.deposeeLe, timeZone)}` : ''}
      </Typography>
    </>
  );
};

/** Each change of statut: when, who, from → to, the comment. */
const Suivi = ({ record }: { record: RaRecord }) => {
  const timeZone = useOfficeTimeZone();
  const steps = (record.suivi ?? []) as IncidentDocumentBase['suivi'];
  if (steps.length === 0) return <>Aucun changement de statut pour l’instant.</>;
  return (
    <Table size="small" aria-label="Suivi">
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Par</TableCell>
          <TableCell>Statut</TableCell>
          <TableCell>Commentaire</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {steps.map((step, index) => (
          <TableRow key={`${step.le}-${index}`}>
            <TableCell>{formatDateTime(step.le, timeZone)}</TableCell>
            <TableCell>{step.par}</TableCell>
            <TableCell>
              {statusLabel(step.de)} → {statusLabel(step.vers)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{step.commentaire}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/**
 * The fields of one kind's lists and pages: the date, the kind's own (`own`), the description, the
 * statut; who recorded it where `recordedBy`; the attachment (under `api`) and the suivi.
 */
export const incidentFields = ({
  own,
  recordedBy,
  api,
}: {
  own: readonly FieldDeclaration[];
  recordedBy: boolean;
  api: string;
}): FieldDeclaration[] => [
  {
    name: 'creeLe',
    label: 'Date',
    type: 'datetime',
    inList: true,
    sortable: true,
    // The page shows it with the audit stamps (« Créé le »).
    inShow: false,
    filter: false,
  },
  ...own,
  {
    name: 'description',
    label: 'Description',
    type: 'custom',
    inList: true,
    sortable: false,
    search: 'description',
    display: (record, where) => <LongText text={String(record.description ?? '')} where={where} />,
  },
  {
    name: 'statut',
    label: 'Statut',
    type: 'choice',
    choices: INCIDENT_STATUSES.map((value) => ({ value, label: INCIDENT_STATUS_LABELS[value] })),
    inList: true,
    sortable: true,
    filter: 'alwaysOn',
    display: (record) => <StatusChip statut={record.statut} />,
  },
  ...(recordedBy
    ? [
        {
          name: 'creePar',
          label: 'Enregistré par',
          type: 'text',
          inList: true,
          inShow: false,
          sortable: true,
          search: 'auteur',
        } as const,
      ]
    : []),
  {
    name: 'pieceJointe',
    label: 'Pièce jointe',
    type: 'custom',
    inList: false,
    display: (record) => <Attachment record={record} api={api} />,
  },
  {
    name: 'suivi',
    label: 'Suivi',
    type: 'custom',
    inList: false,
    display: (record) => <Suivi record={record} />,
  },
];

/** Every kind's lists: the latest first; never modified as a form (statut and attachment apart). */
export const incidentCommon = {
  sort: { field: 'creeLe', order: 'DESC' },
  canEdit: () => false,
} as const satisfies Partial<ResourceDeclaration>;

/** Filters of the recording day (the office reads its own days: DD/MM/YYYY, TIME_ZONE). */
export const incidentDayFilters = [
  <OfficeDayFilter key="creeLe_gte" source="creeLe_gte" label="Du" bound="start" alwaysOn />,
  <OfficeDayFilter key="creeLe_lte" source="creeLe_lte" label="Au" bound="end" alwaysOn />,
];
