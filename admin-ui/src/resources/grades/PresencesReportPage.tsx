import {
  Alert,
  Box,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { formatNumber, formatPercent } from '../../common/format';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { GradeSessionSelect, useGradeChoices } from './shared';

interface Line {
  siteId: string;
  epreuveId: string;
  metierId: string;
  sexe: string;
  inscrits: number;
  presents: number;
  absents: number;
  nonRenseignes: number;
}
interface Report {
  lignes: Line[];
  sites: Record<string, string>;
  metiers: Record<string, string>;
  epreuves: Record<string, string>;
}

const LEVELS = {
  'site-epreuve': 'Site et épreuve',
  site: 'Site',
  epreuve: 'Épreuve',
  metier: 'Métier',
  sexe: 'Sexe',
} as const;
type Level = keyof typeof LEVELS;

/** « Bilan des présences »: candidates, present, absent, not recorded and the rate, by level. */
export const PresencesReportPage = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const { choices, sessionId, setSessionId, error } = useGradeChoices();
  const [report, setReport] = useState<Report>();
  const [problem, setProblem] = useState<string>();
  const [level, setLevel] = useState<Level>('site-epreuve');
  useEffect(() => {
    if (!sessionId) return;
    dataProvider
      .read<Report>(`notes/bilan-presences?sessionId=${encodeURIComponent(sessionId)}`)
      .then(setReport)
      .catch((e: Error) => setProblem(e.message));
  }, [sessionId]);
  const rows = useMemo(() => {
    if (!report) return [];
    const label = (l: Line) => {
      const site = report.sites[l.siteId] ?? l.siteId;
      const epreuve = report.epreuves[l.epreuveId] ?? l.epreuveId;
      switch (level) {
        case 'site-epreuve':
          return `${site} — ${epreuve}`;
        case 'site':
          return site;
        case 'epreuve':
          return epreuve;
        case 'metier':
          return report.metiers[l.metierId] ?? l.metierId;
        default:
          return l.sexe === 'F' ? 'Femmes' : l.sexe === 'M' ? 'Hommes' : l.sexe;
      }
    };
    const grouped = new Map<string, Omit<Line, 'siteId' | 'epreuveId' | 'metierId' | 'sexe'>>();
    for (const l of report.lignes) {
      const key = label(l);
      const row = grouped.get(key) ?? { inscrits: 0, presents: 0, absents: 0, nonRenseignes: 0 };
      grouped.set(key, {
        inscrits: row.inscrits + l.inscrits,
        presents: row.presents + l.presents,
        absents: row.absents + l.absents,
        nonRenseignes: row.nonRenseignes + l.nonRenseignes,
      });
    }
    return [...grouped].sort(([a], [b]) => a.localeCompare(b, 'fr'));
  }, [report, level]);
  const total = rows.reduce(
    (t, [, r]) => ({
      inscrits: t.inscrits + r.inscrits,
      presents: t.presents + r.presents,
      absents: t.absents + r.absents,
      nonRenseignes: t.nonRenseignes + r.nonRenseignes,
    }),
    { inscrits: 0, presents: 0, absents: 0, nonRenseignes: 0 },
  );
  const rate = (presents: number, inscrits: number) =>
    inscrits === 0 ? '—' : formatPercent(Math.round((presents / inscrits) * 1000) / 10);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Bilan des présences" />
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <GradeSessionSelect choices={choices} value={sessionId} onChange={setSessionId} />
        <TextField
          select
          label="Regrouper par"
          value={level}
          onChange={(e) => setLevel(e.target.value as Level)}
          sx={{ minWidth: 220 }}
        >
          {Object.entries(LEVELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error || problem ? <Alert severity="error">{error ?? problem}</Alert> : null}
      <Table size="small" aria-label="Bilan des présences">
        <TableHead>
          <TableRow>
            <TableCell>{LEVELS[level]}</TableCell>
            <TableCell align="right">Candidats</TableCell>
            <TableCell align="right">Présents</TableCell>
            <TableCell align="right">Absents</TableCell>
            <TableCell align="right">Non renseignés</TableCell>
            <TableCell align="right">Taux de présence</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...rows, ['Total', total] as const].map(([label, r]) => (
            <TableRow key={label}>
              <TableCell>{label}</TableCell>
              <TableCell align="right">{formatNumber(r.inscrits)}</TableCell>
              <TableCell align="right">{formatNumber(r.presents)}</TableCell>
              <TableCell align="right">{formatNumber(r.absents)}</TableCell>
              <TableCell align="right">{formatNumber(r.nonRenseignes)}</TableCell>
              <TableCell align="right">{rate(r.presents, r.inscrits)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
