import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ExamensDataProvider } from '../dashboard/dataProvider';

/**
 * A screen's choices for the session chosen (`GET /api/<path>?sessionId=…`): without a session,
 * the sessions only, the first then chosen; `reload` reads them again (after a command).
 */
export const useSessionChoices = <T extends { readonly sessions: readonly { id: string }[] }>(
  path: string,
  empty: T,
) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [choices, setChoices] = useState<T>(empty);
  const [sessionId, setSessionId] = useState('');
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    dataProvider
      .read<T>(`${path}${sessionId ? `?sessionId=${encodeURIComponent(sessionId)}` : ''}`)
      .then((found) => {
        setChoices(found);
        setError(undefined);
        if (!sessionId && found.sessions[0]) setSessionId(found.sessions[0].id);
      })
      .catch((e: Error) => setError(e.message));
  }, [sessionId, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { choices, sessionId, setSessionId, error, reload };
};
