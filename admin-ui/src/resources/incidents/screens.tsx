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
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, type RaRecord } from 'react-admin';
import {
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  type IncidentDocument,
  type IncidentStatus,
} from '@examens-pro/domain';
import { formatDateTime, useOfficeTimeZone } from '../../common/format';
import type { FieldDeclaration, ResourceDeclaration } from '../../kit/declaration';
import { OfficeDayFilter } from '../../kit/fields';
import { ResourceList } from '../../kit/ResourceList';
import { ResourceShow } from '../../kit/ResourceShow';
import { referenceResource, routeLabels } from '../../kit/routes';
import { useRouteCan } from '../../kit/useRouteCan';
import { AttachButton } from './AttachButton';
import { attachmentUrl, fileSize } from './attachment';
import { ChangeStatusButton } from './ChangeStatusDialog';
import { RecordIncidentLink } from './RecordIncidentLink';

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

/** Characters of a description shown in the list; the whole text is on the incident's page. */
const SHORT = 80;

const Description = ({ text, where }: { text: string; where: 'list' | 'show' }) =>
  where === 'list' ? (
    <span title={text.length > SHORT ? text : undefined}>
      {text.length > SHORT ? `${text.slice(0, SHORT).trimEnd()}…` : text}
    </span>
  ) : (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Typography>
  );

const DOSSIERS = referenceResource('candidatures');

/** The dossier's number, a link to its page for who may read the dossiers. */
const Dossier = ({ record }: { record: RaRecord }) => {
  const basename = useBasename();
  const canRead = useRouteCan(DOSSIERS).read;
  if (!record.numeroDossier) return <>—</>;
  return canRead && record.candidatureId ? (
    <Link
      component={RouterLink}
      to={`${basename}/${DOSSIERS}/${encodeURIComponent(String(record.candidatureId))}/show`}
    >
      {String(record.numeroDossier)}
    </Link>
  ) : (
    <>{String(record.numeroDossier)}</>
  );
};

/** The attachment, downloaded from the server, with its size and when it was added. */
const Attachment = ({ record }: { record: RaRecord }) => {
  const timeZone = useOfficeTimeZone();
  const piece = record.pieceJointe as IncidentDocument['pieceJointe'];
  if (!piece) return <>Aucune</>;
  return (
    <>
      <Link href={attachmentUrl(String(record.id))} target="_blank" rel="noopener">
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
  const steps = (record.suivi ?? []) as IncidentDocument['suivi'];
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

/** The fields both lists and pages show; `all`: the list of every incident (who recorded it). */
const fieldsOf = (all: boolean): FieldDeclaration[] => [
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
  {
    name: 'typeId',
    label: 'Type d’incident',
    type: 'reference',
    reference: 'types-incidents',
    inList: true,
    sortable: false,
    link: false,
    filter: all ? 'alwaysOn' : false,
  },
  {
    name: 'numeroDossier',
    label: 'Dossier',
    type: 'custom',
    inList: true,
    sortable: true,
    search: 'dossier',
    display: (record, where) =>
      where === 'show' ? <Dossier record={record} /> : String(record.numeroDossier ?? '') || '—',
  },
  {
    name: 'candidat',
    label: 'Candidat',
    type: 'text',
    inList: true,
    sortable: false,
    search: 'candidat',
  },
  {
    name: 'description',
    label: 'Description',
    type: 'custom',
    inList: true,
    sortable: false,
    search: 'description',
    display: (record, where) => (
      <Description text={String(record.description ?? '')} where={where} />
    ),
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
  ...(all
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
    display: (record) => <Attachment record={record} />,
  },
  {
    name: 'suivi',
    label: 'Suivi',
    type: 'custom',
    inList: false,
    display: (record) => <Suivi record={record} />,
  },
];

const common = {
  sort: { field: 'creeLe', order: 'DESC' },
  // Recorded from « Enregistrer un incident »; never modified as a form.
  createdElsewhere: true,
  canEdit: () => false,
} as const;

/** « Mes incidents »: those the reader recorded, read-only; an attachment may still be added. */
const mine: ResourceDeclaration = {
  ...routeLabels('mes-incidents'),
  ...common,
  fields: fieldsOf(false),
  slots: { listActions: <RecordIncidentLink />, stepActions: <AttachButton /> },
};

/**
 * « Liste des incidents »: every incident (an enrôleur's: their centre's), filtered by type,
 * statut and day; « Changer le statut » for who may write, « Supprimer » for who may remove.
 */
const all: ResourceDeclaration = {
  ...routeLabels('incidents-inscription'),
  ...common,
  fields: fieldsOf(true),
  remove: {
    title: (record) => `Supprimer l’incident du ${formatDateTime(record.creeLe as string)} ?`,
    content: 'L’incident, sa pièce jointe et son suivi ne seront plus consultables.',
  },
  slots: {
    filters: [
      // Recording instants; the office reads its own days (DD/MM/YYYY, TIME_ZONE).
      <OfficeDayFilter key="creeLe_gte" source="creeLe_gte" label="Du" bound="start" alwaysOn />,
      <OfficeDayFilter key="creeLe_lte" source="creeLe_lte" label="Au" bound="end" alwaysOn />,
    ],
    showActions: <ChangeStatusButton />,
  },
};

export const MyIncidentList = () => <ResourceList declaration={mine} />;
export const MyIncidentShow = () => <ResourceShow declaration={mine} />;
export const IncidentList = () => <ResourceList declaration={all} />;
export const IncidentShow = () => <ResourceShow declaration={all} />;
