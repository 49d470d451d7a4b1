import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { plural } from '../../common/format';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { GradeSessionSelect, useGradeChoices } from './shared';

interface ImportAnswer {
  lignes: number;
  saisies: number;
  feuilles: number;
}
interface RowProblem {
  ligne: number;
  message: string;
}

/**
 * « Importation des notes »: a CSV or XLSX file (numéro de candidat, code épreuve, note; « 12,5 » or
 * « 12.5 »), imported all or nothing while the session's import window is open; every refused row is
 * listed with its reason, and nothing is written until the file is right.
 */
export const GradeImportPage = () => {
  const { choices, sessionId, setSessionId, error } = useGradeChoices();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const [done, setDone] = useState<ImportAnswer>();
  const open = choices.configuration?.importationOuverte ?? false;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setProblems([]);
    setRefusal(undefined);
    setDone(undefined);
    event.target.value = '';
  };

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setProblems([]);
    setRefusal(undefined);
    setDone(undefined);
    try {
      const answer = (await dataProvider.command(
        `notes/importation?sessionId=${encodeURIComponent(sessionId)}`,
        { file, headers: { 'X-Nom-Fichier': encodeURIComponent(file.name) } },
      )) as unknown as ImportAnswer;
      setDone(answer);
      notify('Notes importées.', { type: 'success' });
    } catch (e) {
      const body = (e as { body?: { lignes?: RowProblem[]; message?: string } }).body;
      setRefusal(body?.message ?? (e as Error).message);
      setProblems(body?.lignes ?? []);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Importation des notes" />
      <Stack
        direction="row"
        spacing={2}
        alignItems="center"
        useFlexGap
        flexWrap="wrap"
        sx={{ mb: 2 }}
      >
        <GradeSessionSelect choices={choices} value={sessionId} onChange={setSessionId} />
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          Choisir le fichier
          <input
            hidden
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={pick}
            aria-label="Fichier des notes"
          />
        </Button>
        <Typography variant="body2">{file ? file.name : 'Aucun fichier choisi'}</Typography>
        <Button variant="contained" disabled={!file || !sessionId || busy || !open} onClick={send}>
          Importer
        </Button>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {choices.configuration && !open ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          La fenêtre d’importation des notes est fermée pour cette session.
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Colonnes attendues : numero_candidat, code_epreuve, note (la première ligne les nomme). Une
        note s’écrit « 12,5 » ou « 12.5 », deux décimales au plus. Le fichier est importé en entier
        ou pas du tout.
      </Typography>
      {done ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {plural(done.lignes, 'ligne lue', 'lignes lues')} :{' '}
          {plural(done.saisies, 'saisie enregistrée', 'saisies enregistrées')} sur{' '}
          {plural(done.feuilles, 'feuille', 'feuilles')} de notes.
        </Alert>
      ) : null}
      {refusal ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <Table size="small" aria-label="Lignes refusées">
          <TableHead>
            <TableRow>
              <TableCell>Ligne</TableCell>
              <TableCell>Motif du refus</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {problems.map((p) => (
              <TableRow key={`${p.ligne}-${p.message}`}>
                <TableCell>{p.ligne}</TableCell>
                <TableCell>{p.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
};
