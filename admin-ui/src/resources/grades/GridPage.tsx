import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { formatMark } from '@examens-pro/domain';
import { formatNumber } from '../../common/format';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { useRouteCan } from '../../kit/useRouteCan';
import { candidateName, MarkStatusChip, rowKey, rowRef, useSheet, type SheetRow } from './shared';

const ROUTE = 'espace-examen/notes/liste-des-notes';

type Reasoned = { kind: 'modification' | 'resolution'; row: SheetRow };

/**
 * « Liste des notes »: the grid of one site at one épreuve, typed from the keyboard (a mark, Entrée,
 * the next candidate). While the import window is open a mark is one entry (with double entry, it
 * counts once a second person typed the same value); a retained mark is changed, and a discrepancy
 * resolved, with a reason, under « Modifier une note ».
 */
export const GradeGridPage = () => {
  const { sessionId, epreuveId, siteId, sheet, load, picker, error } = useSheet();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<Reasoned>();
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const can = useRouteCan(ROUTE);

  const settings = sheet?.configuration;
  const entering = Boolean(settings?.importationOuverte) && can.action('saisir');
  const rows = sheet?.candidats ?? [];
  const editable = (row: SheetRow) =>
    entering &&
    row.presence !== 'absent' &&
    (row.statut === 'a-saisir' || row.statut === 'en-attente');

  const focusAfter = (key: string) => {
    const order = rows.filter(editable).map(rowKey);
    const next = order[order.indexOf(key) + 1];
    if (next) inputs.current[next]?.focus();
  };

  const save = async (row: SheetRow) => {
    const key = rowKey(row);
    const value = (drafts[key] ?? '').trim();
    if (!value) return;
    try {
      await dataProvider.command('notes/saisies', {
        data: {
          sessionId,
          epreuveId,
          siteId,
          saisies: [{ ...rowRef(row), note: value }],
        },
      });
      setDrafts(({ [key]: _saved, ...rest }) => rest);
      setRowErrors(({ [key]: _fixed, ...rest }) => rest);
      load();
    } catch (e) {
      setRowErrors((all) => ({ ...all, [key]: (e as Error).message }));
    }
  };

  const onKey = (row: SheetRow) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void save(row);
    focusAfter(rowKey(row));
  };

  const counts = {
    retenues: rows.filter((r) => r.statut === 'retenue').length,
    ecarts: rows.filter((r) => r.statut === 'ecart').length,
    attente: rows.filter((r) => r.statut === 'en-attente').length,
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Liste des notes" />
      {picker}
      {error ? <Alert severity="error">{error}</Alert> : null}
      {sheet ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
            {formatNumber(rows.length)} {sheet.anonyme ? 'copies anonymes' : 'candidats'} — notes
            sur {formatMark(sheet.epreuve.noteMax)} — {formatNumber(counts.retenues)} retenue
            {counts.retenues > 1 ? 's' : ''}, {formatNumber(counts.attente)} en attente de seconde
            saisie, {formatNumber(counts.ecarts)} écart{counts.ecarts > 1 ? 's' : ''}
            {settings?.doubleSaisie ? ' — double saisie exigée' : ''}
          </Typography>
          {sheet.anonyme && !sheet.numerotee ? (
            <Alert
              severity="info"
              sx={{ mb: 1 }}
              action={
                can.action('saisir') ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={async () => {
                      try {
                        await dataProvider.command('notes/anonymat', {
                          data: { sessionId, epreuveId, siteId },
                        });
                        notify('Numéros d’anonymat attribués.', { type: 'success' });
                        load();
                      } catch (e) {
                        notify((e as Error).message, { type: 'error' });
                      }
                    }}
                  >
                    Attribuer les numéros d’anonymat
                  </Button>
                ) : undefined
              }
            >
              Les copies de cette épreuve sont anonymes : leurs notes se saisissent par numéro
              d’anonymat, une fois ces numéros attribués.
            </Alert>
          ) : null}
          {!settings?.importationOuverte ? (
            <Alert severity="info" sx={{ mb: 1 }}>
              La fenêtre d’importation et de saisie est fermée : les notes ne se saisissent pas.
            </Alert>
          ) : null}
          <TableContainer>
            <Table size="small" aria-label="Grille des notes">
              <TableHead>
                <TableRow>
                  <TableCell>{sheet.anonyme ? 'N° d’anonymat' : 'N° candidat'}</TableCell>
                  {sheet.anonyme ? null : <TableCell>Candidat</TableCell>}
                  <TableCell>Présence</TableCell>
                  <TableCell>Saisies</TableCell>
                  <TableCell sx={{ width: 140 }}>Note</TableCell>
                  <TableCell>Statut</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={rowKey(row)}>
                    <TableCell>{sheet.anonyme ? row.numeroAnonymat : row.numeroCandidat}</TableCell>
                    {sheet.anonyme ? null : <TableCell>{candidateName(row)}</TableCell>}
                    <TableCell>
                      {row.presence === 'absent'
                        ? 'Absent'
                        : row.presence === 'present'
                          ? 'Présent'
                          : '—'}
                    </TableCell>
                    <TableCell>
                      {row.saisies.map((s) => `${formatMark(s.note)} (${s.par})`).join(' ; ') ||
                        '—'}
                    </TableCell>
                    <TableCell>
                      {editable(row) ? (
                        <TextField
                          size="small"
                          value={drafts[rowKey(row)] ?? ''}
                          placeholder={row.statut === 'en-attente' ? '2e saisie' : ''}
                          onChange={(e) =>
                            setDrafts((all) => ({ ...all, [rowKey(row)]: e.target.value }))
                          }
                          onKeyDown={onKey(row)}
                          onBlur={() => void save(row)}
                          inputRef={(el: HTMLInputElement | null) => {
                            inputs.current[rowKey(row)] = el;
                          }}
                          error={Boolean(rowErrors[rowKey(row)])}
                          helperText={rowErrors[rowKey(row)]}
                          slotProps={{
                            htmlInput: {
                              inputMode: 'decimal',
                              'aria-label': `Note de ${sheet.anonyme ? `la copie ${row.numeroAnonymat}` : row.numeroCandidat}`,
                            },
                          }}
                        />
                      ) : (
                        <strong>{row.note === null ? '—' : formatMark(row.note)}</strong>
                      )}
                    </TableCell>
                    <TableCell>
                      <MarkStatusChip statut={row.statut} />
                    </TableCell>
                    <TableCell>
                      {row.statut === 'retenue' &&
                      settings?.modificationOuverte &&
                      can.action('modifier') ? (
                        <Button
                          size="small"
                          onClick={() => setDialog({ kind: 'modification', row })}
                        >
                          Modifier
                        </Button>
                      ) : null}
                      {row.statut === 'ecart' && can.action('resoudre') ? (
                        <Button
                          size="small"
                          color="warning"
                          onClick={() => setDialog({ kind: 'resolution', row })}
                        >
                          Résoudre l’écart
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      ) : null}
      {dialog ? (
        <ReasonDialog
          dialog={dialog}
          noteMax={sheet?.epreuve.noteMax ?? 20}
          onClose={() => setDialog(undefined)}
          onSubmit={async (note, motif) => {
            await dataProvider.command(`notes/${dialog.kind}`, {
              data: {
                sessionId,
                epreuveId,
                siteId,
                ...rowRef(dialog.row),
                note,
                motif,
              },
            });
            notify(dialog.kind === 'modification' ? 'Note modifiée.' : 'Écart résolu.', {
              type: 'success',
            });
            setDialog(undefined);
            load();
          }}
        />
      ) : null}
    </Box>
  );
};

/** « ELEC-00002 », or on an anonymous sheet « la copie 004217 ». */
const named = (row: SheetRow) =>
  row.candidatureId ? row.numeroCandidat : `la copie ${row.numeroAnonymat ?? ''}`;

const ReasonDialog = ({
  dialog,
  noteMax,
  onClose,
  onSubmit,
}: {
  dialog: Reasoned;
  noteMax: number;
  onClose: () => void;
  onSubmit: (note: string, motif: string) => Promise<void>;
}) => {
  const [note, setNote] = useState(
    dialog.kind === 'modification' && dialog.row.note !== null ? formatMark(dialog.row.note) : '',
  );
  const [motif, setMotif] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const title =
    dialog.kind === 'modification'
      ? `Modifier la note de ${named(dialog.row)}`
      : `Résoudre l’écart de ${named(dialog.row)}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby="grade-reason-title">
      <DialogTitle id="grade-reason-title">{title}</DialogTitle>
      <DialogContent>
        {dialog.kind === 'resolution' ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            Saisies :{' '}
            {dialog.row.saisies.map((s) => `${formatMark(s.note)} par ${s.par}`).join(' ; ')}
          </Typography>
        ) : null}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={`Note retenue (sur ${formatMark(noteMax)})`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            autoFocus
          />
          <TextField
            label="Motif"
            value={motif}
            onChange={(e) => setMotif(e.target.value)}
            multiline
            minRows={2}
            required
          />
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onSubmit(note, motif);
            } catch (e) {
              setProblem((e as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          Enregistrer
        </Button>
      </DialogActions>
    </Dialog>
  );
};
