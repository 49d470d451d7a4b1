import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ExamensDataProvider } from '../dashboard/dataProvider';
import type { SessionChoice } from './choices';

/**
 * The sessions a screen chooses from (`GET /api/<source>`, the most recent first; the allocation
 * screens' by default) and the one chosen: the address's `sessionId` when given, else the first.
 */
export const useSessions = (initial?: string | null, source = 'bilan-affectation/sessions') => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [sessions, setSessions] = useState<SessionChoice[]>([]);
  const [sessionId, setSessionId] = useState(initial ?? '');
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    dataProvider
      .read<SessionChoice[]>(source)
      .then((found) => {
        setSessions(found);
        setSessionId((chosen) =>
          chosen && found.some((s) => s.id === chosen) ? chosen : (found[0]?.id ?? ''),
        );
      })
      .catch((e: Error) => setError(e.message))
      .finally(() => setLoaded(true));
    // Once per source: the provider is the app's, the same for the screen's life.
  }, [source]);
  return { sessions, sessionId, setSessionId, loaded, error };
};
