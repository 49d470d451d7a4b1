import PlaceIcon from '@mui/icons-material/Place';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Title,
  useCreatePath,
  useDataProvider,
  useGetList,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  CANDIDATURE_STATUS_LABELS,
  type AllocationReportRow,
  type CandidatureStatus,
} from '@examens-pro/domain';
import { apiJson } from '../../common/api';
import { formatNumber } from '../../common/format';
import { FRENCH_TABLE_PAGINATION } from '../../kit/frenchPagination';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import {
  FilterSelect,
  listQuery,
  plural,
  SessionSelect,
  useSessions,
  type Named,
  WITHIN_PAGE,
} from './shared';

/** The dossiers' route: its commands (`affecter`, `desaffecter`) and its pages. */
const LIST = 'inscription/candidats/liste';

interface Dossier extends RaRecord {
  readonly version: number;
  readonly numeroDossier?: string;
  readonly libelle?: string;
  readonly metierId?: string;
  readonly centreDepotId?: string;
  readonly statut?: CandidatureStatus;
  readonly siteId?: string | null;
  readonly numeroCandidat?: string | null;
  readonly numeroTable?: number | null;
}

interface Site extends Named {
  readonly centreExamenId?: string;
  readonly capacite?: number;
  readonly accessible?: boolean;
  readonly actif?: boolean;
}

interface SiteOption {
  readonly id: string;
  readonly libelle: string;
  readonly centre: string;
  readonly libres: number;
  readonly accessible: boolean;
}

type Etat = 'valide' | 'affecte' | 'tous';
const ETATS: { value: Etat; label: string }[] = [
  { value: 'valide', label: 'Non encore affectés' },
  { value: 'affecte', label: 'Affectés' },
  { value: 'tous', label: 'Tous (affectés ou non)' },
];

type SortField = 'numeroDossier' | 'libelle' | 'numeroCandidat' | 'numeroTable';

/** The server's French refusal (`{ message }`), else the error's own. */
const messageOf = (error: unknown): string =>
  (error as { body?: { message?: string } }).body?.message ??
  (error instanceof Error ? error.message : String(error));

const nameOf = (items: readonly Named[], id: string | null | undefined): string =>
  (id && items.find((i) => i.id === id)?.libelle) || '';

const seatsLabel = (libres: number) => plural(libres, 'place libre', 'places libres');

/**
 * « Affectation des candidats aux sites »: a session's validated dossiers (not yet allocated,
 * allocated, or both), filtered by centre de dépôt, métier, département and handicap; those checked
 * go to the site chosen (its free seats for the session shown), one command per dossier, or a
 * dossier leaves its site (« Désaffecter »). Table and seats are read again after each action.
 */
export const AllocationPage = () => {
  const { sessions, sessionId, setSessionId, loaded, error: sessionsError } = useSessions();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const createPath = useCreatePath();

  const [centres, setCentres] = useState<(Named & { departementId?: string })[]>([]);
  const [metiers, setMetiers] = useState<Named[]>([]);
  const [handicaps, setHandicaps] = useState<Named[]>([]);
  const [departements, setDepartements] = useState<Named[]>([]);
  const [sites, setSites] = useState<Site[]>([]);
  const [seats, setSeats] = useState<Map<string, AllocationReportRow>>(new Map());
  const [seatsTick, setSeatsTick] = useState(0);

  const [centreDepotId, setCentre] = useState('');
  const [metierId, setMetier] = useState('');
  const [departementId, setDepartement] = useState('');
  const [handicapId, setHandicap] = useState('');
  const [etat, setEtat] = useState<Etat>('valide');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [sort, setSort] = useState<{ field: SortField; order: 'ASC' | 'DESC' }>({
    field: 'numeroDossier',
    order: 'ASC',
  });
  const [selected, setSelected] = useState<Map<string, Dossier>>(new Map());
  const [siteId, setSiteId] = useState('');
  const [running, setRunning] = useState<{ done: number; total: number }>();
  const [leaving, setLeaving] = useState<string>();

  // The choices of the filters and the sites: every item (an inactive one is still looked for).
  useEffect(() => {
    const load = <T,>(resource: string, set: (items: T[]) => void) =>
      apiJson<T[]>(`/api/${resource}?${listQuery({})}`)
        .then(set)
        .catch(() => set([]));
    void load('centres-depot', setCentres);
    void load('metiers', setMetiers);
    void load('types-handicap', setHandicaps);
    void load('departements', setDepartements);
    void load('sites-composition', setSites);
  }, []);

  // The seats of the session, site by site (the bilan's rows at the sites' level).
  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    apiJson<{ rows: AllocationReportRow[] }>(
      `/api/bilan-affectation?${new URLSearchParams({ sessionId, niveau: 'site' }).toString()}`,
    )
      .then((report) => {
        if (current) setSeats(new Map(report.rows.map((row) => [row.id, row])));
      })
      .catch(() => {
        if (current) setSeats(new Map());
      });
    return () => {
      current = false;
    };
  }, [sessionId, seatsTick]);

  // The départements holding centres de dépôt; a département narrows the centres offered.
  const departementsWithCentres = useMemo(
    () => departements.filter((d) => centres.some((c) => c.departementId === d.id)),
    [departements, centres],
  );
  const centresShown = useMemo(
    () => (departementId ? centres.filter((c) => c.departementId === departementId) : centres),
    [centres, departementId],
  );

  const filter = useMemo(() => {
    const found: Record<string, unknown> = {
      sessionId,
      statut: etat === 'tous' ? ['valide', 'affecte'] : etat,
    };
    if (metierId) found.metierId = metierId;
    if (handicapId) found.handicapId = handicapId;
    if (centreDepotId) found.centreDepotId = centreDepotId;
    else if (departementId) found.centreDepotId = centresShown.map((c) => c.id);
    return found;
  }, [sessionId, etat, metierId, handicapId, centreDepotId, departementId, centresShown]);

  // A new choice starts again from the first page, nothing checked.
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    setPage(0);
    setSelected(new Map());
  }, [filterKey]);

  const {
    data: rows = [],
    total = 0,
    isPending,
    isFetching,
    error: listError,
    refetch,
  } = useGetList<Dossier>(
    LIST,
    { filter, pagination: { page: page + 1, perPage }, sort },
    { enabled: Boolean(sessionId), placeholderData: (previous) => previous },
  );

  const siteOptions = useMemo<SiteOption[]>(() => {
    const centreOf = (site: Site) => seats.get(site.id)?.centre ?? '';
    return sites
      .filter((site) => site.actif !== false)
      .map((site) => ({
        id: site.id,
        libelle: site.libelle,
        centre: centreOf(site),
        libres: seats.get(site.id)?.libres ?? site.capacite ?? 0,
        accessible: site.accessible === true,
      }))
      .sort(
        (a, b) =>
          a.centre.localeCompare(b.centre, 'fr') || a.libelle.localeCompare(b.libelle, 'fr'),
      );
  }, [sites, seats]);
  const site = siteOptions.find((s) => s.id === siteId) ?? null;

  const refreshAll = () => {
    void refetch();
    setSeatsTick((t) => t + 1);
  };

  const pageIds = rows.map((r) => String(r.id));
  const checkedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const toggle = (record: Dossier) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(String(record.id))) next.delete(String(record.id));
      else next.set(String(record.id), record);
      return next;
    });
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      if (checkedOnPage === rows.length) rows.forEach((r) => next.delete(String(r.id)));
      else rows.forEach((r) => next.set(String(r.id), r));
      return next;
    });

  /** One command per dossier, in turn; then one notification: the allocated, the refusals. */
  const allocate = async () => {
    if (!site) return;
    const chosen = [...selected.values()];
    const refusals: { dossier: Dossier; message: string }[] = [];
    let done = 0;
    setRunning({ done: 0, total: chosen.length });
    for (const [index, dossier] of chosen.entries()) {
      try {
        await dataProvider.action(LIST, {
          id: dossier.id,
          action: 'affecter',
          previousData: dossier,
          data: { siteId: site.id },
        });
        done += 1;
      } catch (error) {
        refusals.push({ dossier, message: messageOf(error) });
      }
      setRunning({ done: index + 1, total: chosen.length });
    }
    setRunning(undefined);
    // The refused stay checked: another site may take them.
    setSelected(new Map(refusals.map((r) => [String(r.dossier.id), r.dossier])));
    const summary = `${plural(done, 'candidat affecté', 'candidats affectés')} au site « ${site.libelle} ».`;
    if (refusals.length === 0) notify(summary, { type: 'success' });
    else {
      const message: ReactNode = (
        <Box>
          <div>{summary}</div>
          <div>{plural(refusals.length, 'refus', 'refus')} :</div>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {refusals.map(({ dossier, message: why }) => (
              <li key={String(dossier.id)}>
                {dossier.numeroDossier} — {dossier.libelle} : {why}
              </li>
            ))}
          </Box>
        </Box>
      );
      notify(message, { type: done === 0 ? 'error' : 'warning', autoHideDuration: null });
    }
    refreshAll();
  };

  const deallocate = async (dossier: Dossier) => {
    setLeaving(String(dossier.id));
    try {
      await dataProvider.action(LIST, {
        id: dossier.id,
        action: 'desaffecter',
        previousData: dossier,
      });
      notify(`${dossier.numeroDossier} — ${dossier.libelle} : le candidat est désaffecté.`, {
        type: 'success',
      });
      setSelected((current) => {
        const next = new Map(current);
        next.delete(String(dossier.id));
        return next;
      });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setLeaving(undefined);
      refreshAll();
    }
  };

  const sortable = (field: SortField, label: string) => (
    <TableSortLabel
      active={sort.field === field}
      direction={sort.field === field && sort.order === 'DESC' ? 'desc' : 'asc'}
      onClick={() =>
        setSort((current) => ({
          field,
          order: current.field === field && current.order === 'ASC' ? 'DESC' : 'ASC',
        }))
      }
    >
      {label}
    </TableSortLabel>
  );

  const busy = Boolean(running) || Boolean(leaving);
  const error = sessionsError ?? (listError ? messageOf(listError) : undefined);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Affectation des candidats aux sites" />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
            <SessionSelect
              sessions={sessions}
              value={sessionId}
              onChange={setSessionId}
              disabled={busy}
            />
            <TextField
              select
              fullWidth={false}
              label="Affectation"
              value={etat}
              onChange={(e) => setEtat(e.target.value as Etat)}
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
              value={departementId}
              onChange={(id) => {
                setDepartement(id);
                if (id && !centres.some((c) => c.id === centreDepotId && c.departementId === id))
                  setCentre('');
              }}
              items={departementsWithCentres}
            />
            <FilterSelect
              label="Centre de dépôt"
              value={centreDepotId}
              onChange={setCentre}
              items={centresShown}
            />
            <FilterSelect label="Métier" value={metierId} onChange={setMetier} items={metiers} />
            <FilterSelect
              label="Handicap"
              value={handicapId}
              onChange={setHandicap}
              items={handicaps}
            />
          </Stack>

          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            alignItems={{ md: 'center' }}
            sx={{ mb: 2 }}
          >
            <Autocomplete
              options={siteOptions}
              value={site}
              onChange={(_, option) => setSiteId(option?.id ?? '')}
              getOptionLabel={(option) => `${option.libelle} (${seatsLabel(option.libres)})`}
              getOptionDisabled={(option) => option.libres <= 0}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              groupBy={(option) => option.centre || 'Centre d’examen non précisé'}
              renderOption={({ key, ...props }, option) => (
                <li key={key} {...props}>
                  <Box>
                    <Typography variant="body2">{option.libelle}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {seatsLabel(option.libres)}
                      {option.accessible ? ' · accessible' : ''}
                    </Typography>
                  </Box>
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Site de composition"
                  helperText="Les places libres sont celles de la session choisie."
                />
              )}
              noOptionsText="Aucun site de composition actif ne correspond."
              clearText="Effacer"
              openText="Ouvrir"
              closeText="Fermer"
              sx={{ width: { xs: '100%', md: 480 } }}
              disabled={busy}
            />
            <Button
              variant="contained"
              startIcon={<PlaceIcon />}
              onClick={() => void allocate()}
              disabled={!site || selected.size === 0 || busy}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Affecter au site
            </Button>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {selected.size === 0
                ? 'Cochez les dossiers à affecter.'
                : `${plural(selected.size, 'dossier sélectionné', 'dossiers sélectionnés')}.`}
            </Typography>
            {selected.size > 0 ? (
              <Button size="small" onClick={() => setSelected(new Map())} disabled={busy}>
                Tout désélectionner
              </Button>
            ) : null}
          </Stack>

          {running ? (
            <Box sx={{ mb: 2 }}>
              <Typography variant="body2" gutterBottom>
                Affectation en cours : {formatNumber(running.done)} / {formatNumber(running.total)}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={running.total ? (running.done * 100) / running.total : 0}
              />
            </Box>
          ) : null}
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          {loaded && sessions.length === 0 && !sessionsError ? (
            <Typography>Aucune session.</Typography>
          ) : null}
          {sessionId && (isPending || isFetching) ? <LinearProgress sx={{ mb: 1 }} /> : null}

          {sessionId ? (
            <>
              <TableContainer sx={WITHIN_PAGE}>
                <Table size="small" aria-label="Dossiers à affecter">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={rows.length > 0 && checkedOnPage === rows.length}
                          indeterminate={checkedOnPage > 0 && checkedOnPage < rows.length}
                          onChange={togglePage}
                          disabled={rows.length === 0 || busy}
                          slotProps={{
                            input: { 'aria-label': 'Sélectionner les dossiers de la page' },
                          }}
                        />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {sortable('numeroDossier', 'N° dossier')}
                      </TableCell>
                      <TableCell>{sortable('libelle', 'Nom')}</TableCell>
                      <TableCell>Métier</TableCell>
                      <TableCell>Centre de dépôt</TableCell>
                      <TableCell>Statut</TableCell>
                      <TableCell>Site</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {sortable('numeroCandidat', 'N° candidat')}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {sortable('numeroTable', 'N° table')}
                      </TableCell>
                      <TableCell>Actions</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => {
                      const id = String(row.id);
                      return (
                        <TableRow key={id} hover selected={selected.has(id)}>
                          <TableCell padding="checkbox">
                            <Checkbox
                              checked={selected.has(id)}
                              onChange={() => toggle(row)}
                              disabled={busy}
                              slotProps={{
                                input: {
                                  'aria-label': `Sélectionner le dossier ${row.numeroDossier ?? ''}`,
                                },
                              }}
                            />
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <Link
                              component={RouterLink}
                              to={createPath({ resource: LIST, id, type: 'show' })}
                            >
                              {row.numeroDossier}
                            </Link>
                          </TableCell>
                          <TableCell>{row.libelle}</TableCell>
                          <TableCell>{nameOf(metiers, row.metierId)}</TableCell>
                          <TableCell>{nameOf(centres, row.centreDepotId)}</TableCell>
                          <TableCell>
                            <Chip
                              size="small"
                              color={row.statut === 'affecte' ? 'success' : 'default'}
                              label={row.statut ? CANDIDATURE_STATUS_LABELS[row.statut] : ''}
                            />
                          </TableCell>
                          <TableCell>{nameOf(sites, row.siteId)}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {row.numeroCandidat ?? ''}
                          </TableCell>
                          <TableCell align="right">{row.numeroTable ?? ''}</TableCell>
                          <TableCell>
                            {row.statut === 'affecte' ? (
                              <Button
                                size="small"
                                startIcon={<UndoIcon />}
                                onClick={() => void deallocate(row)}
                                disabled={busy}
                              >
                                Désaffecter
                              </Button>
                            ) : null}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                    {!isPending && rows.length === 0 ? (
                      <TableRow>
                        <TableCell colSpan={10}>
                          <Typography variant="body2" color="text.secondary">
                            Aucun dossier ne correspond.
                          </Typography>
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePagination
                component="div"
                count={total}
                page={total > 0 && page * perPage >= total ? 0 : page}
                onPageChange={(_, next) => setPage(next)}
                rowsPerPage={perPage}
                rowsPerPageOptions={[10, 25, 50, 100]}
                onRowsPerPageChange={(e) => {
                  setPerPage(Number(e.target.value));
                  setPage(0);
                }}
                {...FRENCH_TABLE_PAGINATION}
              />
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
