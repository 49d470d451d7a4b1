import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useMemo } from 'react';
import { useResourceContext, type RaRecord } from 'react-admin';
import {
  EXAM_INCIDENT_CATEGORY,
  routeForPath,
  type ExamIncidentCandidate,
} from '@examens-pro/domain';
import { plural } from '../../../common/format';
import type { FieldDeclaration, ResourceDeclaration } from '../../../kit/declaration';
import { ResourceList } from '../../../kit/ResourceList';
import { ResourceShow } from '../../../kit/ResourceShow';
import { routeLabels } from '../../../kit/routes';
import { AttachButton } from '../AttachButton';
import { ChangeStatusButton } from '../ChangeStatusDialog';
import { incidentCommon, incidentDayFilters, incidentFields } from '../shared';

const API = EXAM_INCIDENT_CATEGORY;

/** The candidates involved: how many in lists, each number and name on the incident's page. */
const Candidates = ({ record, where }: { record: RaRecord; where: 'list' | 'show' }) => {
  const candidats = (record.candidats ?? []) as ExamIncidentCandidate[];
  if (candidats.length === 0) return <>Aucun</>;
  if (where === 'list')
    return (
      <span title={candidats.map((c) => c.nom).join(', ')}>
        {candidats.length === 1 ? candidats[0]!.nom : plural(candidats.length, 'candidat')}
      </span>
    );
  return (
    <Table size="small" aria-label="Candidats concernés">
      <TableHead>
        <TableRow>
          <TableCell>N° de candidat</TableCell>
          <TableCell>Nom et prénoms</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {candidats.map((c) => (
          <TableRow key={c.candidatureId}>
            <TableCell>{c.numeroCandidat ?? '—'}</TableCell>
            <TableCell>{c.nom}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const reference = (name: string, label: string, list: string): FieldDeclaration => ({
  name,
  label,
  type: 'reference',
  reference: list,
  inList: true,
  sortable: false,
  link: false,
  filter: 'alwaysOn',
});

/** What an exam incident names: where and when (session, site, épreuve), its type, who. */
const OWN: FieldDeclaration[] = [
  // A session has no « actif »: any may be filtered on.
  { ...reference('sessionId', 'Session', 'sessions'), activeOnly: false, filter: true },
  reference('siteId', 'Site de composition', 'sites-composition'),
  reference('epreuveId', 'Épreuve', 'epreuves'),
  reference('typeId', 'Type d’incident', 'types-incidents-examen'),
  {
    name: 'candidats',
    label: 'Candidats concernés',
    type: 'custom',
    inList: true,
    sortable: false,
    search: 'candidat',
    display: (record, where) => <Candidates record={record} where={where} />,
  },
];

/**
 * « Édition des incidents » and « Liste des incidents d’examen »: the exam incidents filtered by
 * session, site, épreuve, type, statut and day; who records them (the route's writers) records a
 * new one, attaches a file and changes the statut from its page; a reader only reads.
 */
const declaration: ResourceDeclaration = {
  ...routeLabels(API),
  ...incidentCommon,
  newItem: 'nouvel incident',
  fields: incidentFields({ own: OWN, recordedBy: true, api: API }),
  slots: {
    filters: incidentDayFilters,
    showActions: <ChangeStatusButton />,
    stepActions: <AttachButton api={API} />,
  },
};

/** Both routes show these screens, each titled by its own label. */
const useDeclaration = (): ResourceDeclaration => {
  const label = routeForPath(useResourceContext() ?? '')?.label;
  return useMemo(() => (label ? { ...declaration, label } : declaration), [label]);
};

export const ExamIncidentList = () => <ResourceList declaration={useDeclaration()} />;
export const ExamIncidentShow = () => <ResourceShow declaration={useDeclaration()} />;
