import { MenuItem, Stack, TextField } from '@mui/material';
import { ETATS, type Etat } from './allocationModel';
import { FilterSelect, SessionSelect } from '../../common/filters';
import type { Named, SessionChoice } from '../../common/choices';
import type { DossierFilters } from './useDossierFilters';

/** The allocation screen's first row: the session, then the filters of the dossiers shown. */
export const AllocationFilters = ({
  sessions,
  sessionId,
  setSessionId,
  busy,
  filters,
  metiers,
  handicaps,
}: {
  sessions: readonly SessionChoice[];
  sessionId: string;
  setSessionId: (id: string) => void;
  busy: boolean;
  filters: DossierFilters;
  metiers: Named[];
  handicaps: Named[];
}) => (
  <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
    <SessionSelect sessions={sessions} value={sessionId} onChange={setSessionId} disabled={busy} />
    <TextField
      select
      fullWidth={false}
      label="Affectation"
      value={filters.etat}
      onChange={(e) => filters.setEtat(e.target.value as Etat)}
      sx={{ minWidth: 220 }}
    >
      {ETATS.map((e) => (
        <MenuItem key={e.value} value={e.value}>
          {e.label}
        </MenuItem>
      ))}
    </TextField>
    <FilterSelect
      label="Département"
      value={filters.departementId}
      onChange={filters.chooseDepartement}
      items={filters.departementsWithCentres}
    />
    <FilterSelect
      label="Centre de dépôt"
      value={filters.centreDepotId}
      onChange={filters.setCentre}
      items={filters.centresShown}
    />
    <FilterSelect
      label="Métier"
      value={filters.metierId}
      onChange={filters.setMetier}
      items={metiers}
    />
    <FilterSelect
      label="Handicap"
      value={filters.handicapId}
      onChange={filters.setHandicap}
      items={handicaps}
    />
  </Stack>
);
