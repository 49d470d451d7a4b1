import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import {
  Datagrid,
  List,
  NumberField,
  ResourceContextProvider,
  TextField,
  useGetOne,
  useRefresh,
  useResourceContext,
  useShowController,
} from 'react-admin';
import { BULK_ACTION_LABELS, type BulkAction } from '@examens-pro/domain';
import { ExportButtons } from '../../../common/ExportButtons';
import { formatDateTime, formatNumber } from '../../../common/format';
import type { ResourceDeclaration } from '../../../kit/declaration';
import { ResourceList } from '../../../kit/ResourceList';
import { routeLabels } from '../../../kit/routes';
import { countField, runStatusField } from '../../../kit/runFields';

/** The outcomes of the runs, one row per dossier (a run's page shows its own). */
const RESULTS = 'inscription/candidats/resultats-actions-groupees';

interface Run {
  id: string;
  action: BulkAction;
  libelleAction: string;
  statut: 'en-cours' | 'terminee';
  total: number;
  traites: number;
  reussis: number;
  refus: number;
  progression: number;
  creeLe: string;
  creePar: string;
}

/** « Actions groupées »: the runs, newest first, with their counts; a row opens its outcome. */
const runs: ResourceDeclaration = {
  ...routeLabels('lots-candidatures'),
  feminine: true,
  fields: [
    { name: 'creeLe', label: 'Lancée le', type: 'datetime', inList: true, sortable: true },
    { name: 'creePar', label: 'Par', type: 'text', inList: true, search: 'auteur' },
    {
      name: 'action',
      label: 'Action',
      type: 'choice',
      choices: Object.entries(BULK_ACTION_LABELS).map(([value, label]) => ({ value, label })),
      inList: true,
      filter: true,
    },
    runStatusField,
    countField('total', 'Dossiers'),
    countField('reussis', 'Réussis'),
    countField('refus', 'Refusés'),
  ],
  sort: { field: 'creeLe', order: 'DESC' },
  createdElsewhere: true,
};

export const BulkRunsList = () => <ResourceList declaration={runs} />;

/** One table of a run's outcomes (done, or refused with the reason), exportable as the lists are. */
const Outcomes = ({
  lotId,
  resultat,
  title,
}: {
  lotId: string;
  resultat: string;
  title: string;
}) => (
  <ResourceContextProvider value={RESULTS}>
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {title}
      </Typography>
      <List
        resource={RESULTS}
        filter={{ lotId, resultat }}
        sort={{ field: 'rang', order: 'ASC' }}
        perPage={25}
        disableSyncWithLocation
        exporter={false}
        actions={<ExportButtons />}
        title=" "
        empty={<Typography sx={{ p: 2 }}>Aucun dossier.</Typography>}
        storeKey={`${RESULTS}.${resultat}`}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <NumberField source="rang" label="Rang" sortable={false} />
          <TextField source="numeroDossier" label="N° dossier" sortable />
          <TextField source="libelle" label="Nom et prénoms" sortable={false} />
          <TextField
            source="motif"
            label={resultat === 'refuse' ? 'Motif du refus' : 'Résultat'}
            sortable={false}
          />
        </Datagrid>
      </List>
    </Box>
  </ResourceContextProvider>
);

const Figure = ({ label, value }: { label: string; value: number }) => (
  <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 140 }} data-testid={`chiffre-${label}`}>
    <Typography variant="h5" component="p">
      {formatNumber(value)}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
  </Paper>
);

/**
 * A run's page: its progress while the dossiers are decided (read every second), then its counts
 * and its two tables, « Réussis » and « Refusés » with each reason, each exported in CSV or XLSX.
 */
export const BulkRunShow = () => {
  const resource = useResourceContext();
  const { record: shown } = useShowController();
  const id = String(shown?.id ?? '');
  const { data: run, refetch } = useGetOne<Run>(resource!, { id }, { enabled: id !== '' });
  const refresh = useRefresh();
  const running = (run ?? (shown as Run | undefined))?.statut !== 'terminee';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refetch(), 1000);
    return () => clearInterval(timer);
  }, [running, refetch]);
  // Once done, the tables are read again (their rows were written with the last chunk).
  useEffect(() => {
    if (!running) refresh();
  }, [running, refresh]);
  const current = run ?? (shown as Run | undefined);
  if (!current) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        {`${current.libelleAction} : ${formatNumber(current.total)} dossier${current.total > 1 ? 's' : ''}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {`Lancée le ${formatDateTime(current.creeLe)} par ${current.creePar}`}
      </Typography>
      <Box sx={{ my: 2 }} data-testid="progression-lot">
        <LinearProgress
          variant="determinate"
          value={current.progression}
          aria-label="Progression de l’action groupée"
        />
        <Typography variant="caption">
          {current.statut === 'terminee'
            ? 'Terminée'
            : `En cours… ${formatNumber(current.traites)} / ${formatNumber(current.total)} dossiers (${current.progression} %)`}
        </Typography>
      </Box>
      <Stack direction="row" spacing={2}>
        <Figure label="Dossiers" value={current.total} />
        <Figure label="Réussis" value={current.reussis} />
        <Figure label="Refusés" value={current.refus} />
      </Stack>
      {current.statut === 'terminee' ? (
        <>
          <Outcomes lotId={current.id} resultat="refuse" title="Refusés" />
          <Outcomes lotId={current.id} resultat="reussi" title="Réussis" />
        </>
      ) : null}
    </Box>
  );
};

/** « Résultats des actions groupées »: every dossier's outcome, filtered by run. */
const results: ResourceDeclaration = {
  ...routeLabels('resultats-lots-candidatures'),
  fields: [
    { name: 'lotId', label: 'Action groupée', type: 'text', filter: 'alwaysOn' },
    { name: 'rang', label: 'Rang', type: 'integer', inList: true, sortable: true },
    {
      name: 'numeroDossier',
      label: 'N° dossier',
      type: 'text',
      inList: true,
      sortable: true,
      search: 'numéro de dossier',
    },
    { name: 'libelle', label: 'Nom et prénoms', type: 'text', inList: true, search: 'nom' },
    {
      name: 'resultat',
      label: 'Résultat',
      type: 'choice',
      choices: [
        { value: 'reussi', label: 'Réussi' },
        { value: 'refuse', label: 'Refusé' },
      ],
      inList: true,
      filter: 'alwaysOn',
    },
    { name: 'motif', label: 'Motif', type: 'text', inList: true },
  ],
  sort: { field: 'rang', order: 'ASC' },
  readOnly: true,
};

export const BulkResultsList = () => <ResourceList declaration={results} />;
