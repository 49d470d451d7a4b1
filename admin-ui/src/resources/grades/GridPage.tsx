import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { formatMark } from '@examens-pro/domain';
import { formatNumber } from '../../common/format';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { useRouteCan } from '../../kit/useRouteCan';
import { GradeGridTable } from './GradeGridTable';
import { ReasonDialog, type Reasoned } from './ReasonDialog';
import { rowRef, useSheet, type SheetRow } from './shared';
import { useGradeEntry } from './useGradeEntry';

const ROUTE = 'espace-examen/notes/liste-des-notes';

/**
 * « Liste des notes »: the grid of one site at one épreuve, typed from the keyboard (a mark, Entrée,
 * the next candidate). While the import window is open a mark is one entry (with double entry, it
 * counts once a second person typed the same value); a retained mark is changed, and a discrepancy
 * resolved, with a reason, under « Modifier une note ».
 */
export const GradeGridPage = () => {
  const { sessionId, epreuveId, siteId, sheet, load, picker, waiting, error } = useSheet();
  const can = useRouteCan(ROUTE);
  const settings = sheet?.configuration;
  const entering = Boolean(settings?.importationOuverte) && can.action('saisir');
  const pending = waiting.note;
  // Absences recorded offline on « Éditer les présences » count here before they are sent.
  const presences = waiting.presence;
  const rows = (sheet?.candidats ?? []).map((row) =>
    presences[row.candidatureId]
      ? { ...row, presence: presences[row.candidatureId] as SheetRow['presence'] }
      : row,
  );
  const entry = useGradeEntry({
    sessionId,
    epreuveId,
    siteId,
    rows,
    entering,
    load,
    pending,
    label: (row) =>
      `${sheet?.anonyme ? `copie ${row.numeroAnonymat}` : row.numeroCandidat} (${sheet?.epreuve.code}, ${sheet?.site.libelle})`,
  });
  const [dialog, setDialog] = useState<Reasoned>();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();

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
          <GradeGridTable
            sheet={sheet}
            rows={rows}
            entry={entry}
            modificationOuverte={settings?.modificationOuverte}
            can={can}
            setDialog={setDialog}
          />
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
