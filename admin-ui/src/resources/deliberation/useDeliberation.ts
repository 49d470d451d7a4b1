import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { OverrideResult } from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import type { Choices, Dialogue, View } from './resultsModel';

/**
 * A jury's deliberation: the sessions and juries to choose from, the jury's results, and its
 * commands (the jury's decision or its withdrawal, the re-deliberation, the closing, the lifting of
 * the anonymity), each read again once done.
 */
export const useDeliberation = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const [choices, setChoices] = useState<Choices>({ sessions: [], jurys: [] });
  const [sessionId, setSessionId] = useState('');
  const [juryId, setJuryId] = useState('');
  const [view, setView] = useState<View>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const [dialogue, setDialogue] = useState<Dialogue>();
  const [resultat, setResultat] = useState<OverrideResult>('admis');
  const [motif, setMotif] = useState('');
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    dataProvider
      .read<Choices>(
        `deliberations/choix${sessionId ? `?sessionId=${encodeURIComponent(sessionId)}` : ''}`,
      )
      .then((found) => {
        setChoices(found);
        if (!sessionId && found.sessions[0]) setSessionId(found.sessions[0].id);
        if (sessionId && !found.jurys.some((j) => j.id === juryId))
          setJuryId(found.jurys[0]?.id ?? '');
      })
      .catch((e: Error) => setError(e.message));
  }, [sessionId, version]);

  useEffect(() => {
    if (!juryId) {
      setView(undefined);
      return;
    }
    dataProvider
      .read<View>(`deliberations/${encodeURIComponent(juryId)}/resultats`)
      .then((found) => {
        setView(found);
        setError(undefined);
      })
      .catch((e: Error) => setError(e.message));
  }, [juryId, version]);

  const run = async (path: string, data: unknown, done: string) => {
    setBusy(true);
    try {
      await dataProvider.command(path, { method: 'POST', data });
      notify(done, { type: 'success' });
      setDialogue(undefined);
      setMotif('');
      reload();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const jury = `deliberations/${encodeURIComponent(juryId)}`;
  const confirm = () => {
    if (!dialogue) return;
    switch (dialogue.kind) {
      case 'derogation':
        return run(
          `${jury}/derogations`,
          { candidatureId: dialogue.line.candidatureId, resultat, motif },
          'Décision du jury enregistrée.',
        );
      case 'retrait':
        return run(
          `${jury}/derogations/retrait`,
          { candidatureId: dialogue.line.candidatureId, motif },
          'Décision du jury retirée.',
        );
      case 'redeliberation':
        return run(
          `${jury}/redeliberations`,
          { candidatureId: dialogue.line.candidatureId, motif },
          'Nouvelle délibération enregistrée.',
        );
      case 'cloture':
        return run(`${jury}/cloture`, {}, 'Délibération close : les résultats sont arrêtés.');
    }
  };

  const lift = () =>
    run(
      `configurations-notes/${encodeURIComponent(view!.jury.sessionId)}/anonymat/lever`,
      {},
      'Anonymat levé pour la délibération.',
    );

  return {
    choices,
    sessionId,
    setSessionId,
    juryId,
    setJuryId,
    view,
    error,
    dialogue,
    setDialogue,
    resultat,
    setResultat,
    motif,
    setMotif,
    busy,
    confirm,
    lift,
  };
};

export type Deliberation = ReturnType<typeof useDeliberation>;
