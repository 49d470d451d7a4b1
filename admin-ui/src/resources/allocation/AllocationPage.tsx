import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { formatNumber } from '../../common/format';
import { AllocationFilters } from './AllocationFilters';
import { messageOf } from './allocationModel';
import { DossiersTable } from './DossiersTable';
import { SiteAllocationBar } from './SiteAllocationBar';
import { useSessions } from '../../common/useSessions';
import { useAllocationActions } from './useAllocationActions';
import { useAllocationChoices } from './useAllocationChoices';
import { useDossierFilters } from './useDossierFilters';
import { useDossierTable } from './useDossierTable';

/** The progress of « Affecter au site », dossier by dossier. */
const AllocationProgress = ({ running }: { running: { done: number; total: number } }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="body2" gutterBottom>
      Affectation en cours : {formatNumber(running.done)} / {formatNumber(running.total)}
    </Typography>
    <LinearProgress
      variant="determinate"
      value={running.total ? (running.done * 100) / running.total : 0}
    />
  </Box>
);

/**
 * « Affectation des candidats aux sites »: a session's validated dossiers (not yet allocated,
 * allocated, or both), filtered by centre de dépôt, métier, département and handicap; those checked
 * go to the site chosen (its free seats for the session shown), one command per dossier, or a
 * dossier leaves its site (« Désaffecter »). Table and seats are read again after each action.
 */
export const AllocationPage = () => {
  const { sessions, sessionId, setSessionId, loaded, error: sessionsError } = useSessions();
  const choices = useAllocationChoices(sessionId);
  const filters = useDossierFilters(sessionId, choices.centres, choices.departements);
  const table = useDossierTable(filters.filter, sessionId);
  const [siteId, setSiteId] = useState('');
  const site = choices.siteOptions.find((s) => s.id === siteId) ?? null;

  const refreshAll = () => {
    void table.refetch();
    choices.refreshSeats();
  };
  const { allocate, deallocate, running, leaving } = useAllocationActions({
    site,
    selected: table.selected,
    setSelected: table.setSelected,
    refreshAll,
  });

  const busy = Boolean(running) || Boolean(leaving);
  const error = sessionsError ?? (table.listError ? messageOf(table.listError) : undefined);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Affectation des candidats aux sites" />
      <Card>
        <CardContent>
          <AllocationFilters
            sessions={sessions}
            sessionId={sessionId}
            setSessionId={setSessionId}
            busy={busy}
            filters={filters}
            metiers={choices.metiers}
            handicaps={choices.handicaps}
          />
          <SiteAllocationBar
            siteOptions={choices.siteOptions}
            site={site}
            setSiteId={setSiteId}
            selectedCount={table.selected.size}
            clearSelection={() => table.setSelected(new Map())}
            allocate={allocate}
            busy={busy}
          />

          {running ? <AllocationProgress running={running} /> : null}
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          {loaded && sessions.length === 0 && !sessionsError ? (
            <Typography>Aucune session.</Typography>
          ) : null}
          {sessionId && (table.isPending || table.isFetching) ? (
            <LinearProgress sx={{ mb: 1 }} />
          ) : null}

          {sessionId ? (
            <DossiersTable
              table={table}
              busy={busy}
              deallocate={deallocate}
              names={{ metiers: choices.metiers, centres: choices.centres, sites: choices.sites }}
            />
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
