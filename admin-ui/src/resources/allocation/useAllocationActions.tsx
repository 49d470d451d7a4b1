import { Box } from '@mui/material';
import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { LIST, messageOf, type Dossier, type SiteOption } from './allocationModel';
import { plural } from '../../common/format';

/** The notification of an allocation with refusals: the allocated, then each refusal. */
const RefusalsMessage = ({
  summary,
  refusals,
}: {
  summary: string;
  refusals: readonly { dossier: Dossier; message: string }[];
}) => (
  <Box>
    <div>{summary}</div>
    <div>{plural(refusals.length, 'refus', 'refus')} :</div>
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {refusals.map(({ dossier, message: why }) => (
        <li key={String(dossier.id)}>
          {dossier.numeroDossier} — {dossier.libelle} : {why}
        </li>
      ))}
    </Box>
  </Box>
);

/**
 * « Affecter au site » (the dossiers checked, one command each) and « Désaffecter » (one dossier);
 * table and seats are read again after each (`refreshAll`).
 */
export const useAllocationActions = ({
  site,
  selected,
  setSelected,
  refreshAll,
}: {
  site: SiteOption | null;
  selected: ReadonlyMap<string, Dossier>;
  setSelected: Dispatch<SetStateAction<Map<string, Dossier>>>;
  refreshAll: () => void;
}) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const [running, setRunning] = useState<{ done: number; total: number }>();
  const [leaving, setLeaving] = useState<string>();

  /** One command per dossier, in turn; then one notification: the allocated, the refusals. */
  const allocate = async () => {
    if (!site) return;
    const chosen = [...selected.values()];
    const refusals: { dossier: Dossier; message: string }[] = [];
    let done = 0;
    setRunning({ done: 0, total: chosen.length });
    for (const [index, dossier] of chosen.entries()) {
      try {
        await dataProvider.action(LIST, {
          id: dossier.id,
          action: 'affecter',
          previousData: dossier,
          data: { siteId: site.id },
        });
        done += 1;
      } catch (error) {
        refusals.push({ dossier, message: messageOf(error) });
      }
      setRunning({ done: index + 1, total: chosen.length });
    }
    setRunning(undefined);
    // The refused stay checked: another site may take them.
    setSelected(new Map(refusals.map((r) => [String(r.dossier.id), r.dossier])));
    const summary = `${plural(done, 'candidat affecté', 'candidats affectés')} au site « ${site.libelle} ».`;
    if (refusals.length === 0) notify(summary, { type: 'success' });
    else {
      const message: ReactNode = <RefusalsMessage summary={summary} refusals={refusals} />;
      notify(message, { type: done === 0 ? 'error' : 'warning', autoHideDuration: null });
    }
    refreshAll();
  };

  const deallocate = async (dossier: Dossier) => {
    setLeaving(String(dossier.id));
    try {
      await dataProvider.action(LIST, {
        id: dossier.id,
        action: 'desaffecter',
        previousData: dossier,
      });
      notify(`${dossier.numeroDossier} — ${dossier.libelle} : le candidat est désaffecté.`, {
        type: 'success',
      });
      setSelected((current) => {
        const next = new Map(current);
        next.delete(String(dossier.id));
        return next;
      });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setLeaving(undefined);
      refreshAll();
    }
  };

  return { allocate, deallocate, running, leaving };
};
