import TableViewIcon from '@mui/icons-material/TableView';
import {
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { download } from '../../common/ExportButtons';
import { formatDateTime } from '../../common/format';
import { FilterSelect, SessionSelect } from '../../common/filters';
import { listQuery, type Named } from '../../common/choices';
import { useSessions } from '../../common/useSessions';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';

type Level = 'siteId' | 'centreExamenId' | 'departementId';

interface Allocated {
  readonly id: string;
  readonly libelle: string;
  readonly numeroCandidat: string;
  readonly numeroDossier: string;
}

interface SentDocument {
  readonly id: string;
  readonly libelle: string;
  readonly envoyeA?: string[];
  readonly envoyeLe?: string;
  readonly envoi?: 'smtp' | 'boite-envoi';
}

/**
 * The lists sent to the départements' addresses (a département's merged lists), the latest first:
 * by SMTP, or, in the embedded mode, kept in the outbox (each message readable as a .eml file).
 */
const SentLists = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [sent, setSent] = useState<SentDocument[]>();
  useEffect(() => {
    dataProvider
      .read<SentDocument[]>(
        `documents?${listQuery({ kind: ['liste-emargement', 'liste-porte'] }, ['demandeLe', 'DESC'], [0, 49])}`,
      )
      .then((docs) => setSent(docs.filter((d) => d.envoyeA?.length)))
      .catch(() => setSent([]));
  }, []);
  if (!sent?.length) return null;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Listes envoyées aux départements
        </Typography>
        <Table size="small" aria-label="Listes envoyées aux départements">
          <TableHead>
            <TableRow>
              <TableCell>Liste</TableCell>
              <TableCell>Destinataires</TableCell>
              <TableCell>Envoyée le</TableCell>
              <TableCell>Envoi</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sent.map((doc) => (
              <TableRow key={doc.id}>
                <TableCell>{doc.libelle}</TableCell>
                <TableCell>{doc.envoyeA?.join(', ')}</TableCell>
                <TableCell>{doc.envoyeLe ? formatDateTime(doc.envoyeLe) : ''}</TableCell>
                <TableCell>
                  {doc.envoi === 'boite-envoi' ? (
                    <Link href={`/api/documents/${encodeURIComponent(doc.id)}/courriel`}>
                      Boîte d’envoi (voir le courriel)
                    </Link>
                  ) : (
                    'Courriel (SMTP)'
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
};

/** One candidate's convocation: found by name, dossier or candidate number among the allocated. */
const CandidateConvocation = ({ sessionId }: { sessionId: string }) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Allocated[]>([]);
  const [chosen, setChosen] = useState<Allocated | null>(null);
  useEffect(() => {
    if (!sessionId || search.trim().length < 2) {
      setFound([]);
      return;
    }
    const timer = setTimeout(() => {
      dataProvider
        .read<Allocated[]>(
          `liste-examen?${listQuery({ sessionId, q: search.trim() }, ['libelle', 'ASC'], [0, 9])}`,
        )
        .then(setFound)
        .catch(() => setFound([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [search, sessionId]);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems="center">
      <Autocomplete
        sx={{ minWidth: 360 }}
        options={found}
        filterOptions={(options) => options}
        getOptionLabel={(o) => `${o.numeroCandidat} — ${o.libelle} (${o.numeroDossier})`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        value={chosen}
        onChange={(_e, value) => setChosen(value)}
        onInputChange={(_e, value) => setSearch(value)}
        noOptionsText="Aucun candidat affecté trouvé"
        renderInput={(params) => (
          <TextField {...params} label="Convocation d’un candidat (nom ou numéro)" />
        )}
      />
      <DownloadDocumentButton
        kind="convocations"
        label="Sa convocation (PDF)"
        cible={chosen ? { sessionId, candidatureId: chosen.id } : undefined}
        disabled={!chosen}
      />
    </Stack>
  );
};
/** One kind of list for the chosen target: its PDF (made by the workers) and its XLSX if any. */
const ListDownloads = ({
  title,
  kind,
  pdfLabel = `${title} (PDF)`,
  cible,
  xlsx,
}: {
  title: string;
  kind: string;
  pdfLabel?: string;
  cible: Record<string, string> | undefined;
  xlsx?: string;
}) => (
  <>
    <Typography variant="subtitle2">{title}</Typography>
    <Stack direction="row" spacing={1} alignItems="center">
      <DownloadDocumentButton kind={kind} label={pdfLabel} cible={cible} disabled={!cible} />
      {xlsx !== undefined ? (
        <Button startIcon={<TableViewIcon />} disabled={!cible} onClick={() => download(xlsx)}>
          {title} (XLSX)
        </Button>
      ) : null}
    </Stack>
  </>
);

const LEVELS: { value: Level; label: string; choose: string }[] = [
  { value: 'siteId', label: 'Un site de composition', choose: 'Site de composition' },
  { value: 'centreExamenId', label: 'Un centre d’examen (fusionné)', choose: 'Centre d’examen' },
  { value: 'departementId', label: 'Un département (fusionné)', choose: 'Département' },
];

/**
 * « Téléchargement des listes »: for a session and a site (or all the sites of a centre d'examen or
 * a département, merged, each site on pages of its own), the attendance list and the door list as
 * PDF (made by the workers, with their progress) or as XLSX at once, and the convocations (one
 * page per candidate; or one candidate's).
 */
export const ListsDownloadPage = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const { sessions, sessionId, setSessionId, error } = useSessions(
    null,
    `sessions?${listQuery({}, ['ouvertureInscriptions', 'DESC'], [0, 199])}`,
  );
  const [level, setLevel] = useState<Level>('siteId');
  const [target, setTarget] = useState('');
  const [sites, setSites] = useState<(Named & { centreExamenId?: string })[]>([]);
  const [centres, setCentres] = useState<(Named & { departementId?: string })[]>([]);
  const [departements, setDepartements] = useState<Named[]>([]);

  useEffect(() => {
    dataProvider
      .read<(Named & { centreExamenId?: string })[]>(`sites-composition?${listQuery({})}`)
      .then(setSites)
      .catch(() => setSites([]));
    dataProvider
      .read<(Named & { departementId?: string })[]>(`centres-examen?${listQuery({})}`)
      .then(setCentres)
      .catch(() => setCentres([]));
    dataProvider
      .read<Named[]>(`departements?${listQuery({})}`)
      .then(setDepartements)
      .catch(() => setDepartements([]));
  }, []);

  // Only the départements and centres that have composition sites.
  const choices = useMemo(() => {
    if (level === 'siteId') return sites;
    const withSites = new Set(sites.map((s) => s.centreExamenId));
    const centresWithSites = centres.filter((c) => withSites.has(c.id));
    if (level === 'centreExamenId') return centresWithSites;
    const held = new Set(centresWithSites.map((c) => c.departementId));
    return departements.filter((d) => held.has(d.id));
  }, [level, sites, centres, departements]);

  const cible = sessionId && target ? { sessionId, [level]: target } : undefined;
  const query = cible ? new URLSearchParams(cible).toString() : '';
  const chosen = LEVELS.find((l) => l.value === level)!;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Téléchargement des listes" />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            {error ? <Typography color="error">{error}</Typography> : null}
            <SessionSelect sessions={sessions} value={sessionId} onChange={setSessionId} />
            <RadioGroup
              row
              aria-label="Listes pour"
              value={level}
              onChange={(e) => {
                setLevel(e.target.value as Level);
                setTarget('');
              }}
            >
              {LEVELS.map((l) => (
                <FormControlLabel
                  key={l.value}
                  value={l.value}
                  control={<Radio />}
                  label={l.label}
                />
              ))}
            </RadioGroup>
            <FilterSelect
              label={chosen.choose}
              value={target}
              onChange={setTarget}
              items={choices}
              all="Choisir…"
              minWidth={320}
            />
            <ListDownloads
              title="Liste d’émargement"
              kind="liste-emargement"
              cible={cible}
              xlsx={`/api/liste-examen/liste-emargement.xlsx?${query}`}
            />
            <ListDownloads
              title="Liste de porte"
              kind="liste-porte"
              cible={cible}
              xlsx={`/api/liste-examen/liste-porte.xlsx?${query}`}
            />
            <ListDownloads
              title="Convocations"
              kind="convocations"
              pdfLabel="Convocations (PDF, une page par candidat)"
              cible={cible}
            />
            <CandidateConvocation sessionId={sessionId} />
          </Stack>
        </CardContent>
      </Card>
      <SentLists />
    </Box>
  );
};
