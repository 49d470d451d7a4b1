import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { useOfficeTimeZone } from '../../common/format';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { ArchivedMinutesTable } from './ArchivedMinutesTable';
import type { ArchivedVersion, Integrity } from './shared';

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/**
 * « Consultation des PV »: every archived version (newest first), filtered by session or searched
 * by jury, centre, who archived it or hash; each opened or downloaded as archived, and its bytes
 * hashed again by the server: « Intègre » or « Altéré ».
 */
export const ConsultationsPage = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const timeZone = useOfficeTimeZone();
  const [sessions, setSessions] = useState<{ id: string; libelle: string }[]>([]);
  const [sessionId, setSessionId] = useState('');
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<ArchivedVersion[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string>();
  const [checks, setChecks] = useState<Record<string, Integrity>>({});

  useEffect(() => {
    // The sessions that have archived PVs, named as archived.
    dataProvider
      .read<ArchivedVersion[]>(`archives-pv?sort=${enc(['archiveLe', 'DESC'])}&range=[0,999]`)
      .then((all) => {
        const named = new Map(all.map((v) => [v.sessionId, v.session]));
        setSessions([...named.entries()].map(([id, libelle]) => ({ id, libelle })));
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    const filter = { ...(sessionId ? { sessionId } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
    const timer = setTimeout(() => {
      dataProvider
        .read<ArchivedVersion[]>(
          `archives-pv?filter=${enc(filter)}&sort=${enc(['archiveLe', 'DESC'])}&range=[0,199]`,
        )
        .then((found) => {
          setRows(found);
          setTotal(found.length);
          setError(undefined);
        })
        .catch((e: Error) => setError(e.message));
    }, 250);
    return () => clearTimeout(timer);
  }, [sessionId, q]);

  const check = async (id: string) => {
    try {
      const found = await dataProvider.read<Integrity>(
        `archives-pv/${encodeURIComponent(id)}/verification`,
      );
      setChecks((c) => ({ ...c, [id]: found }));
      notify(found.message, { type: found.integre ? 'success' : 'error' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Consultation des PV" />
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        <TextField
          select
          label="Session"
          value={sessions.some((s) => s.id === sessionId) ? sessionId : ''}
          onChange={(e) => setSessionId(e.target.value)}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">Toutes les sessions</MenuItem>
          {sessions.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.libelle}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Rechercher"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          helperText="Jury, centre, agent, empreinte ou arrêté"
          sx={{ minWidth: 300 }}
        />
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Aucun procès-verbal archivé.
        </Typography>
      ) : (
        <ArchivedMinutesTable rows={rows} checks={checks} check={check} timeZone={timeZone} />
      )}
      {total >= 200 ? (
        <Typography variant="caption" color="text.secondary">
          Les 200 dernières versions sont affichées : précisez la recherche.
        </Typography>
      ) : null}
    </Box>
  );
};
