import { MenuItem, TextField } from '@mui/material';
import { FilterSelect, SessionSelect } from '../../../common/filters';
import { ReportExports, ReportLayout } from '../../../common/report/ReportLayout';
import { PiecesQueueLink } from './PiecesQueueLink';
import { PiecesReportTable } from './PiecesReportTable';
import { usePiecesReport } from './usePiecesReport';

const STATUTS = [
  { value: '', label: 'Tous, sauf les désistés' },
  { value: 'brouillon', label: 'Brouillon' },
  { value: 'soumis', label: 'Soumis' },
  { value: 'valide', label: 'Validé' },
  { value: 'affecte', label: 'Affecté' },
  { value: 'rejete', label: 'Rejeté' },
  { value: 'desiste', label: 'Désisté' },
];

/**
 * « Bilan général des pièces »: for a session, per centre de dépôt and métier, the dossiers whose
 * obligatory pièces are all validated, those still incomplete, those holding a rejected pièce, and
 * the totals; filters by centre, métier and statut; the same table in CSV or XLSX.
 */
export const PiecesReportPage = () => {
  const state = usePiecesReport();

  return (
    <ReportLayout
      title="Bilan général des pièces"
      filters={
        <>
          <SessionSelect
            sessions={state.sessions}
            value={state.sessionId}
            onChange={state.chooseSession}
          />
          <FilterSelect
            label="Centre de dépôt"
            value={state.centreDepotId}
            onChange={state.setCentre}
            items={state.choices('centreDepotId', 'centreDepot')}
            minWidth={240}
          />
          <FilterSelect
            label="Métier"
            value={state.metierId}
            onChange={state.setMetier}
            items={state.choices('metierId', 'metier')}
            minWidth={200}
          />
          <TextField
            select
            fullWidth={false}
            label="Statut des dossiers"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            value={state.statut}
            onChange={(e) => state.setStatut(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            {STATUTS.map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
          <PiecesQueueLink />
        </>
      }
      exports={
        <ReportExports
          base="/api/bilan-pieces"
          formats={['csv', 'xlsx']}
          query={state.query}
          disabled={!state.sessionId}
        />
      }
      error={state.error}
      notice={
        state.loaded && state.sessions.length === 0 && !state.error ? 'Aucune session.' : false
      }
      loading={!!state.sessionId && !state.rows}
    >
      {state.rows ? <PiecesReportTable rows={state.rows} /> : null}
    </ReportLayout>
  );
};
