import { useEffect, useState } from 'react';
import { HttpError, useDataProvider } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import type { Preview, Run } from './automaticAllocationModel';
import { plural } from '../../common/format';

/**
 * The automatic allocation of a session: its preview (« Prévisualiser »), the plan previewed
 * applied (« Appliquer l’affectation », refused with 409 when the plan changed since), and the
 * run's progress, read every second until it is done.
 */
export const useAutomaticAllocation = (sessionId: string) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [preview, setPreview] = useState<Preview>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [started, setStarted] = useState<{ id: string; position: string }>();
  const [run, setRun] = useState<Run>();

  // Another session: its own preview.
  useEffect(() => {
    setPreview(undefined);
    setError(undefined);
    setConflict(undefined);
  }, [sessionId]);

  // The run's progress, read every second until it is done; the provider's reads wait for the
  // command that started it to be projected.
  useEffect(() => {
    if (!started) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const found = await dataProvider.read<Run>(
          `affectations-automatiques/${encodeURIComponent(started.id)}`,
        );
        if (stopped) return;
        setRun(found);
        if (found.statut === 'terminee') return;
      } catch {
        // Not projected yet: asked again.
      }
      if (!stopped) timer = setTimeout(() => void poll(), 1000);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [started]);

  const loadPreview = async () => {
    if (!sessionId) return;
    setLoading(true);
    setError(undefined);
    setConflict(undefined);
    setStarted(undefined);
    setRun(undefined);
    try {
      setPreview(
        await dataProvider.read<Preview>(
          `affectations-automatiques/apercu?${new URLSearchParams({ sessionId }).toString()}`,
        ),
      );
    } catch (e) {
      setPreview(undefined);
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };

  const apply = async () => {
    if (!preview) return;
    setSending(true);
    setError(undefined);
    try {
      const answer = await dataProvider.command('affectations-automatiques', {
        data: { sessionId: preview.sessionId, empreinte: preview.empreinte },
      });
      setRun(undefined);
      setStarted({ id: String(answer.id), position: String(answer.position) });
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) setConflict(e.message);
      else setError((e as Error).message);
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };

  const sitesUsed = preview?.sites.filter((s) => s.affectes > 0).length ?? 0;
  const running = Boolean(started) && run?.statut !== 'terminee';
  const done = run?.statut === 'terminee';
  const busy = loading || sending || running;
  const question = preview
    ? `Affecter ${plural(preview.places, 'candidat')} à ${plural(sitesUsed, 'site')} ? Les numéros de candidat et de table seront attribués.`
    : '';

  return {
    preview,
    loading,
    error,
    conflict,
    confirming,
    setConfirming,
    sending,
    started,
    run,
    loadPreview,
    apply,
    running,
    done,
    busy,
    question,
  };
};
