import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { plural } from '../../common/format';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import {
  useCurrentSignature,
  useDecisionChoices,
  type DecisionChoice,
  type DepartementChoice,
} from './shared';

export const latestOf = (d: DepartementChoice): DecisionChoice | undefined =>
  d.decisions[d.decisions.length - 1];

/**
 * The decisions of a session per département and their commands: prepare, refresh a draft, and
 * sign the drafts checked together with the deposited signature (each refusal kept apart).
 */
export const useDecisionSigning = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const { choices, sessionId, setSessionId, error, reload } = useDecisionChoices();
  const { signature } = useCurrentSignature();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ decision: DecisionChoice; title: string } | null>(null);
  const [outcome, setOutcome] = useState<{ signed: string[]; refused: string[] }>();

  const drafts = choices.departements.flatMap((d) => {
    const latest = latestOf(d);
    return latest?.statut === 'brouillon' ? [{ departement: d, decision: latest }] : [];
  });
  const chosen = drafts.filter((x) => selected.has(x.decision.id));
  /** The chosen drafts whose département has no decision number: refused before the dialog. */
  const unnumbered = chosen
    .filter((x) => !x.departement.reference)
    .map((x) => x.departement.libelle);

  const run = async (label: string, action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      notify(label, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error', autoHideDuration: 0 });
    } finally {
      setBusy(false);
      reload();
    }
  };

  const prepare = (d: DepartementChoice) =>
    run(
      latestOf(d)
        ? `Nouvelle décision établie pour le département ${d.libelle}.`
        : `Décision préparée pour le département ${d.libelle}.`,
      () =>
        dataProvider.command('decisions-admission', {
          data: { sessionId, departementId: d.departementId },
        }),
    );
  const refresh = (d: DepartementChoice, decision: DecisionChoice) =>
    run(`Candidats de la décision du département ${d.libelle} actualisés.`, () =>
      dataProvider.command(`decisions-admission/${encodeURIComponent(decision.id)}/actualiser`, {
        revision: decision.version,
      }),
    );

  const sign = async () => {
    setBusy(true);
    const signed: string[] = [];
    const refused: string[] = [];
    for (const { departement, decision } of chosen) {
      try {
        await dataProvider.command(
          `decisions-admission/${encodeURIComponent(decision.id)}/apposer-signature`,
          {
            data: { confirmation: true, signatureVersion: signature?.numero },
            revision: decision.version,
          },
        );
        signed.push(departement.libelle);
      } catch (e) {
        refused.push(`${departement.libelle} : ${(e as Error).message}`);
      }
    }
    setBusy(false);
    setConfirming(false);
    setSelected(new Set());
    setOutcome({ signed, refused });
    if (signed.length > 0)
      notify(`Signature apposée sur ${plural(signed.length, 'décision')}.`, {
        type: 'success',
      });
    reload();
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return {
    choices,
    sessionId,
    setSessionId,
    error,
    signature,
    selected,
    setSelected,
    confirming,
    setConfirming,
    busy,
    shown,
    setShown,
    outcome,
    setOutcome,
    chosen,
    unnumbered,
    prepare,
    refresh,
    sign,
    toggle,
  };
};
