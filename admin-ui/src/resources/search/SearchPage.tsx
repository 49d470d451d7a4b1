import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  CANDIDATURE_STATUS_LABELS,
  formatMark,
  INCIDENT_STATUS_LABELS,
  type CandidatureStatus,
  type IncidentStatus,
  type MarkStatus,
} from '@examens-pro/domain';
import { apiJson } from '../../common/api';
import { formatDate, formatDateTime, formatNumber } from '../../common/format';
import { MarkStatusChip } from '../grades/shared';

interface Found {
  id: string;
  numeroDossier: string;
  numeroCandidat: string | null;
  libelle: string;
  dateNaissance: string | null;
  sessionId: string;
  metierId: string;
  siteId: string | null;
  statut: CandidatureStatus;
}
interface Epreuve {
  id: string;
  code: string;
  libelle: string;
  noteMax: number | null;
  coefficient: number | null;
}
interface View {
  candidature: Record<string, unknown> & Found;
  libelles: { session: string | null; metier: string | null; site: string | null };
  notes: {
    epreuve: Epreuve;
    presence: 'present' | 'absent' | null;
    note: number | null;
    statut: MarkStatus | 'anonyme';
    saisies: { rang: number; note: number; par: string; le: string; source: string }[];
  }[];
  incidents: { id: string; description: string; statut: IncidentStatus; creeLe: string }[];
  incidentsExamen: {
    id: string;
    epreuve: Epreuve;
    description: string;
    statut: IncidentStatus;
    creeLe: string;
  }[];
  corrections: {
    id: string;
    le: string;
    par: string;
    justification: string;
    changes: { label: string; before: unknown; after: unknown }[];
  }[];
  resultat: null | { libelle: string; moyenne: number };
  pieces: { pieceId: string; libelle: string; statut: string }[];
  chronologie: { le: string; par: string; quoi: string; detail: string; motif: string }[];
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

const Line = ({ label, value }: { label: string; value: ReactNode }) => (
  <Stack direction="row" spacing={1}>
    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 170 }}>
      {label}
    </Typography>
    <Typography variant="body2">{value ?? '—'}</Typography>
  </Stack>
);

/**
 * « Rechercher un candidat »: by candidate number, dossier number, name (accents ignored) or birth
 * date (JJ/MM/AAAA); the 360° view of the dossier chosen — identity, candidature, allocation,
 * presences and marks, incidents, corrections, result, pièces and its whole timeline.
 */
export const CandidateSearchPage = () => {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [found, setFound] = useState<{ total: number; candidats: Found[] }>();
  const [view, setView] = useState<View>();
  const [error, setError] = useState<string>();
  const chosen = params.get('id');

  const search = async (text: string) => {
    setError(undefined);
    try {
      const answer = await apiJson<{ total: number; candidats: Found[] }>(
        `/api/recherche-candidats?q=${encodeURIComponent(text)}`,
      );
      setFound(answer);
      if (answer.candidats.length === 1) setParams({ q: text, id: answer.candidats[0]!.id });
      else setParams({ q: text });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  useEffect(() => {
    if (!chosen) {
      setView(undefined);
      return;
    }
    apiJson<View>(`/api/recherche-candidats/${encodeURIComponent(chosen)}`)
      .then(setView)
      .catch((e: Error) => setError(e.message));
  }, [chosen]);

  const c = view?.candidature;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Rechercher un candidat" />
      <Stack
        component="form"
        direction="row"
        spacing={2}
        sx={{ mb: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          void search(q.trim());
        }}
      >
        <TextField
          label="Numéro de candidat, de dossier, nom ou date de naissance (JJ/MM/AAAA)"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ minWidth: 520 }}
          autoFocus
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Rechercher
        </Button>
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {found && !view ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {found.total === 0
              ? 'Aucun candidat ne correspond.'
              : `${formatNumber(found.total)} candidat${found.total > 1 ? 's' : ''} trouvé${found.total > 1 ? 's' : ''}${found.total > found.candidats.length ? ` (les ${found.candidats.length} premiers)` : ''}.`}
          </Typography>
          <Table size="small" aria-label="Candidats trouvés">
            <TableHead>
              <TableRow>
                <TableCell>N° candidat</TableCell>
                <TableCell>N° dossier</TableCell>
                <TableCell>Nom et prénoms</TableCell>
                <TableCell>Né(e) le</TableCell>
                <TableCell>Statut</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {found.candidats.map((f) => (
                <TableRow
                  key={f.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => setParams({ q, id: f.id })}
                >
                  <TableCell>{f.numeroCandidat ?? '—'}</TableCell>
                  <TableCell>{f.numeroDossier}</TableCell>
                  <TableCell>{f.libelle}</TableCell>
                  <TableCell>{formatDate(f.dateNaissance)}</TableCell>
                  <TableCell>{CANDIDATURE_STATUS_LABELS[f.statut] ?? f.statut}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
      {view && c ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center">
            <Typography variant="h5" component="h1">
              {c.libelle}
            </Typography>
            <Chip label={CANDIDATURE_STATUS_LABELS[c.statut] ?? c.statut} />
            {found ? (
              <Button size="small" onClick={() => setParams({ q })}>
                Retour aux résultats
              </Button>
            ) : null}
          </Stack>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Section title="Identité">
                <Line label="Nom" value={String(c.nom ?? '')} />
                <Line label="Prénoms" value={String(c.prenoms ?? '')} />
                <Line
                  label="Sexe"
                  value={c.sexe === 'F' ? 'Féminin' : c.sexe === 'M' ? 'Masculin' : '—'}
                />
                <Line label="Né(e) le" value={formatDate(c.dateNaissance)} />
                <Line label="Lieu de naissance" value={String(c.lieuNaissance ?? '—')} />
                <Line label="Nationalité" value={String(c.nationalite ?? '—')} />
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Section title="Candidature">
                <Line label="N° de dossier" value={c.numeroDossier} />
                <Line label="Session" value={view.libelles.session ?? '—'} />
                <Line label="Métier" value={view.libelles.metier ?? '—'} />
                <Line label="Statut" value={CANDIDATURE_STATUS_LABELS[c.statut] ?? c.statut} />
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Section title="Affectation et résultat">
                <Line label="N° de candidat" value={c.numeroCandidat ?? '—'} />
                <Line label="Site de composition" value={view.libelles.site ?? '—'} />
                <Line label="Table" value={c.numeroTable ? String(c.numeroTable) : '—'} />
                <Line
                  label="Résultat"
                  value={view.resultat ? view.resultat.libelle : 'Pas encore délibéré'}
                />
              </Section>
            </Grid>
          </Grid>
          <Section title="Présences et notes">
            {view.notes.length === 0 ? (
              <Typography variant="body2">Aucune présence ni note enregistrée.</Typography>
            ) : (
              <Table size="small" aria-label="Présences et notes">
                <TableHead>
                  <TableRow>
                    <TableCell>Épreuve</TableCell>
                    <TableCell>Présence</TableCell>
                    <TableCell>Saisies</TableCell>
                    <TableCell>Note retenue</TableCell>
                    <TableCell>Statut</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {view.notes.map((n) => (
                    <TableRow key={n.epreuve.id}>
                      <TableCell>
                        {n.epreuve.code} — {n.epreuve.libelle}
                      </TableCell>
                      <TableCell>
                        {n.presence === 'present'
                          ? 'Présent'
                          : n.presence === 'absent'
                            ? 'Absent'
                            : '—'}
                      </TableCell>
                      <TableCell>
                        {n.saisies.map((s) => `${formatMark(s.note)} (${s.par})`).join(' ; ') ||
                          '—'}
                      </TableCell>
                      <TableCell>
                        {n.note === null
                          ? '—'
                          : `${formatMark(n.note)}${n.epreuve.noteMax ? ` / ${formatMark(n.epreuve.noteMax)}` : ''}`}
                      </TableCell>
                      <TableCell>
                        {n.statut === 'anonyme' ? (
                          <Chip size="small" label="Copie anonyme jusqu’à la délibération" />
                        ) : (
                          <MarkStatusChip statut={n.statut} />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Section>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Section title="Incidents">
                {view.incidents.length + view.incidentsExamen.length === 0 ? (
                  <Typography variant="body2">Aucun incident.</Typography>
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {view.incidents.map((i) => (
                      <li key={i.id}>
                        Inscription, le {formatDateTime(i.creeLe)} : {i.description} (
                        {INCIDENT_STATUS_LABELS[i.statut]})
                      </li>
                    ))}
                    {view.incidentsExamen.map((i) => (
                      <li key={i.id}>
                        Examen, {i.epreuve.code}, le {formatDateTime(i.creeLe)} : {i.description} (
                        {INCIDENT_STATUS_LABELS[i.statut]})
                      </li>
                    ))}
                  </Box>
                )}
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Section title="Documents et corrections d’identité">
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {view.pieces.map((p) => (
                    <li key={p.pieceId}>
                      Pièce « {p.libelle} » : {p.statut}
                    </li>
                  ))}
                  {view.corrections.map((k) => (
                    <li key={k.id}>
                      Correction d’identité du {formatDateTime(k.le)} par {k.par} :{' '}
                      {k.changes
                        .map(
                          (x) =>
                            `${x.label} ${String(x.before ?? '—')} → ${String(x.after ?? '—')}`,
                        )
                        .join(' ; ')}{' '}
                      — {k.justification}
                    </li>
                  ))}
                  {view.pieces.length + view.corrections.length === 0 ? (
                    <li>Aucun document.</li>
                  ) : null}
                </Box>
              </Section>
            </Grid>
          </Grid>
          <Section title="Chronologie">
            <Table size="small" aria-label="Chronologie">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Par</TableCell>
                  <TableCell>Action</TableCell>
                  <TableCell>Détail</TableCell>
                  <TableCell>Motif</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {view.chronologie.map((t, i) => (
                  <TableRow key={`${t.le}-${i}`}>
                    <TableCell>{formatDateTime(t.le)}</TableCell>
                    <TableCell>{t.par}</TableCell>
                    <TableCell>{t.quoi}</TableCell>
                    <TableCell>{t.detail}</TableCell>
                    <TableCell>{t.motif}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
        </Stack>
      ) : null}
    </Box>
  );
};
