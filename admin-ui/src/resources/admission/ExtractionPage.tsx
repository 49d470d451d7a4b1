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
  const {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    sessionsError,
    choices,
    metierId,
    setMetier,
    centreDepotId,
    setCentre,
    departementId,
    setDepartement,
    zoneId,
    setZone,
    sexe,
    setSexe,
    topTyped,
    setTop,
    page,
    setPage,
    perPage,
    setPerPage,
    extraction,
    error,
    query,
    topN,
    cible,
    total,
    empty,
  } = useExtraction();

  return (
    <ReportLayout
      title="Extraction par rang des admis"
      filters={
        <>
          <SessionSelect sessions={sessions} value={sessionId} onChange={setSessionId} />
          <FilterSelect
            label="Métier"
            value={metierId}
            onChange={setMetier}
            items={choices.metiers}
          />
          <FilterSelect
            label="Centre de dépôt"
            value={centreDepotId}
            onChange={setCentre}
            items={choices.centres}
          />
          <FilterSelect
            label="Département"
            value={departementId}
            onChange={setDepartement}
            items={choices.departements}
            minWidth={200}
          />
          <FilterSelect
            label="Zone"
            value={zoneId}
            onChange={setZone}
            items={choices.zones}
            all="Toutes"
            minWidth={180}
          />
          <SexFilter value={sexe} onChange={setSexe} minWidth={160} />
          <TextField
            fullWidth={false}
            label="Les N premiers"
            value={topTyped}
            onChange={(e) => setTop(e.target.value)}
            helperText="Vide : tous les admis"
            slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
            sx={{ width: 170 }}
          />
        </>
      }
      exports={
        <ReportExports base={API} formats={['csv', 'xlsx']} query={query} disabled={empty}>
          <DownloadDocumentButton
            kind="extraction-admis"
            label="Télécharger (PDF)"
            cible={cible}
            disabled={empty}
          />
        </ReportExports>
      }
      error={sessionsError ?? error}
      notice={
        loaded && sessions.length === 0 && !sessionsError
          ? 'Aucune session n’a encore de candidats délibérés.'
          : false
      }
      loading={!!sessionId && !extraction}
    >
      {extraction ? (
        <ExtractionTable
          extraction={extraction}
          total={total}
          topN={topN}
          page={page}
          setPage={setPage}
          perPage={perPage}
          setPerPage={setPerPage}
        />
      ) : null}
    </ReportLayout>
  );
};
