import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, type RaRecord } from 'react-admin';
import { INCIDENT_CATEGORY } from '@examens-pro/domain';
import { formatDateTime } from '../../common/format';
import type { FieldDeclaration, ResourceDeclaration } from '../../kit/declaration';
import { ResourceList } from '../../kit/ResourceList';
import { ResourceShow } from '../../kit/ResourceShow';
import { referenceResource, routeLabels } from '../../kit/routes';
import { useRouteCan } from '../../kit/useRouteCan';
import { AttachButton } from './AttachButton';
import { ChangeStatusButton } from './ChangeStatusDialog';
import { RecordIncidentLink } from './RecordIncidentLink';
import { incidentCommon, incidentDayFilters, incidentFields } from './shared';

/** The registration incidents' commands and attachments (« Mes incidents » reads them too). */
const API = INCIDENT_CATEGORY;

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

/** What a registration incident names; `all`: the list of every incident (filtered by type). */
const ownFields = (all: boolean): FieldDeclaration[] => [
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
];

const common = {
  ...incidentCommon,
  // Recorded from « Enregistrer un incident ».
  createdElsewhere: true,
} as const;

/** « Mes incidents »: those the reader recorded, read-only; an attachment may still be added. */
const mine: ResourceDeclaration = {
  ...routeLabels('mes-incidents'),
  ...common,
  fields: incidentFields({ own: ownFields(false), recordedBy: false, api: API }),
  slots: { listActions: <RecordIncidentLink />, stepActions: <AttachButton api={API} /> },
};

/**
 * « Liste des incidents »: every incident (an enrôleur's: their centre's), filtered by type,
 * statut and day; « Changer le statut » for who may write, « Supprimer » for who may remove.
 */
const all: ResourceDeclaration = {
  ...routeLabels('incidents-inscription'),
  ...common,
  fields: incidentFields({ own: ownFields(true), recordedBy: true, api: API }),
  remove: {
    title: (record) => `Supprimer l’incident du ${formatDateTime(record.creeLe as string)} ?`,
    content: 'L’incident, sa pièce jointe et son suivi ne seront plus consultables.',
  },
  slots: {
    filters: incidentDayFilters,
    showActions: <ChangeStatusButton />,
  },
};

export const MyIncidentList = () => <ResourceList declaration={mine} />;
export const MyIncidentShow = () => <ResourceShow declaration={mine} />;
export const IncidentList = () => <ResourceList declaration={all} />;
export const IncidentShow = () => <ResourceShow declaration={all} />;
