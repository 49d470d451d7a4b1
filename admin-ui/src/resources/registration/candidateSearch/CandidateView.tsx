import {
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
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { CANDIDATURE_STATUS_LABELS, formatMark, INCIDENT_STATUS_LABELS } from '@examens-pro/domain';
import { formatDate, formatDateTime } from '../../../common/format';
import { MarkStatusChip } from '../../grades/shared';
import type { View } from './searchModel';

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

/** The name and status of the dossier, then its identity, candidature, allocation and result. */
const CandidateSummary = ({ view, back }: { view: View; back: (() => void) | undefined }) => {
  const c = view.candidature;
  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center">
        <Typography variant="h5" component="h1">
          {c.libelle}
        </Typography>
        <Chip label={CANDIDATURE_STATUS_LABELS[c.statut] ?? c.statut} />
        {back ? (
          <Button size="small" onClick={back}>
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
    </>
  );
};

/** Per épreuve: the presence, the entries, the mark retained and its status. */
const MarksSection = ({ notes }: { notes: View['notes'] }) => (
  <Section title="Présences et notes">
    {notes.length === 0 ? (
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
          {notes.map((n) => (
            <TableRow key={n.epreuve.id}>
              <TableCell>
                {n.epreuve.code} — {n.epreuve.libelle}
              </TableCell>
              <TableCell>
                {n.presence === 'present' ? 'Présent' : n.presence === 'absent' ? 'Absent' : '—'}
              </TableCell>
              <TableCell>
                {n.saisies.map((s) => `${formatMark(s.note)} (${s.par})`).join(' ; ') || '—'}
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
                  <MarkStatusChip statut={n.statut} absent={n.presence === 'absent'} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    )}
  </Section>
);

/** The incidents (registration and exam), the pièces and the identity corrections. */
const IncidentsAndDocuments = ({ view }: { view: View }) => (
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
                .map((x) => `${x.label} ${String(x.before ?? '—')} → ${String(x.after ?? '—')}`)
                .join(' ; ')}{' '}
              — {k.justification}
            </li>
          ))}
          {view.pieces.length + view.corrections.length === 0 ? <li>Aucun document.</li> : null}
        </Box>
      </Section>
    </Grid>
  </Grid>
);

/** The dossier's whole timeline. */
const Timeline = ({ chronologie }: { chronologie: View['chronologie'] }) => (
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
        {chronologie.map((t, i) => (
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
);

/** The 360° view of a dossier; `back` returns to the candidates found, when there are. */
export const CandidateView = ({ view, back }: { view: View; back: (() => void) | undefined }) => (
  <Stack spacing={2}>
    <CandidateSummary view={view} back={back} />
    <MarksSection notes={view.notes} />
    <IncidentsAndDocuments view={view} />
    <Timeline chronologie={view.chronologie} />
  </Stack>
);
