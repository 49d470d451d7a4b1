import { TextField } from '@mui/material';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { FilterSelect, SessionSelect, SexFilter } from '../../common/filters';
import { ReportExports, ReportLayout } from '../../common/report/ReportLayout';
import { API } from './extractionModel';
import { ExtractionTable } from './ExtractionTable';
import { useExtraction } from './useExtraction';

/**
 * « Extraction par rang des admis »: a deliberated session's admitted candidates, filtered by
 * métier, centre de dépôt, département, zone and sex, ranked again over the filtered set (1…n by
 * average, ties by name) beside their rank within their jury, the first N only when asked; the
 * same extraction in CSV, XLSX and PDF (made by the workers, with its progress).
 */
export const ExtractionPage = () => {
  const state = useExtraction();

  return (
    <ReportLayout
      title="Extraction par rang des admis"
      filters={
        <>
          <SessionSelect
            sessions={state.sessions}
            value={state.sessionId}
            onChange={state.setSessionId}
          />
          <FilterSelect
            label="Métier"
            value={state.metierId}
            onChange={state.setMetier}
            items={state.choices.metiers}
          />
          <FilterSelect
            label="Centre de dépôt"
            value={state.centreDepotId}
            onChange={state.setCentre}
            items={state.choices.centres}
          />
          <FilterSelect
            label="Département"
            value={state.departementId}
            onChange={state.setDepartement}
            items={state.choices.departements}
            minWidth={200}
          />
          <FilterSelect
            label="Zone"
            value={state.zoneId}
            onChange={state.setZone}
            items={state.choices.zones}
            all="Toutes"
            minWidth={180}
          />
          <SexFilter value={state.sexe} onChange={state.setSexe} minWidth={160} />
          <TextField
            fullWidth={false}
            label="Les N premiers"
            value={state.topTyped}
            onChange={(e) => state.setTop(e.target.value)}
            helperText="Vide : tous les admis"
            slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
            sx={{ width: 170 }}
          />
        </>
      }
      exports={
        <ReportExports
          base={API}
          formats={['csv', 'xlsx']}
          query={state.query}
          disabled={state.empty}
        >
          <DownloadDocumentButton
            kind="extraction-admis"
            label="Télécharger (PDF)"
            cible={state.cible}
            disabled={state.empty}
          />
        </ReportExports>
      }
      error={state.sessionsError ?? state.error}
      notice={
        state.loaded && state.sessions.length === 0 && !state.sessionsError
          ? 'Aucune session n’a encore de candidats délibérés.'
          : false
      }
      loading={!!state.sessionId && !state.extraction}
    >
      {state.extraction ? (
        <ExtractionTable
          extraction={state.extraction}
          total={state.total}
          topN={state.topN}
          page={state.page}
          setPage={state.setPage}
          perPage={state.perPage}
          setPerPage={state.setPerPage}
        />
      ) : null}
    </ReportLayout>
  );
};
