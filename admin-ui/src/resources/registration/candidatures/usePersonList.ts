import { useEffect, useRef, useState } from 'react';
import { ApiError, apiJson, fetchWithCsrf, handleAccessAnswer } from '../../../common/api';

export interface Choice {
  readonly id: string;
  readonly libelle: string;
}
export interface Problem {
  readonly ligne: number;
  readonly colonne: string;
  readonly message: string;
}
export interface Progress {
  readonly statut: 'en-cours' | 'terminee';
  readonly lignes: number;
  readonly traitees: number;
  readonly creees: number;
  readonly soumises: number;
  readonly brouillons: number;
  readonly ignorees: number;
  readonly progression: number;
  readonly anomalies: readonly { ligne: number; motif: string }[];
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const query = (filter: Record<string, unknown>) =>
  `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,999]')}`;

/**
 * A list of agents submitted: the choices (session, métier, centre de dépôt: an enrôleur's own),
 * the file verified then applied, and the creation of its dossiers followed until done.
 */
export const usePersonList = () => {
  const [sessions, setSessions] = useState<Choice[]>([]);
  const [metiers, setMetiers] = useState<Choice[]>([]);
  const [centres, setCentres] = useState<Choice[]>([]);
  const [ownCentre, setOwnCentre] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState('');
  const [metierId, setMetierId] = useState('');
  const [centreDepotId, setCentreDepotId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [verified, setVerified] = useState<{ verificationId: string; lignes: number } | null>(null);
  const [listeId, setListeId] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void apiJson<Choice[]>(`/api/sessions?${query({ statut: 'inscriptions-ouvertes' })}`)
      .then(setSessions)
      .catch(() => setSessions([]));
    void apiJson<Choice[]>(`/api/centres-depot?${query({ actif: true })}`)
      .then(setCentres)
      .catch(() => setCentres([]));
    void apiJson<{ centreDepotId?: string | null }>('/api/mon-compte')
      .then((me) => {
        if (me.centreDepotId) {
          setOwnCentre(me.centreDepotId);
          setCentreDepotId(me.centreDepotId);
        }
      })
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    setMetierId('');
    if (!sessionId) return setMetiers([]);
    void apiJson<(Choice & { metierId: string })[]>(
      `/api/metiers-ouverts?${query({ sessionId, actif: true })}`,
    )
      .then((items) =>
        setMetiers(items.map((item) => ({ id: item.metierId, libelle: item.libelle }))),
      )
      .catch(() => setMetiers([]));
  }, [sessionId]);
  // A new choice asks for a new verification.
  useEffect(() => {
    setVerified(null);
    setProblems([]);
    setError(null);
  }, [file, sessionId, metierId, centreDepotId]);
  // The list's progress, until its dossiers are all created.
  useEffect(() => {
    if (!listeId) return undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const found = await apiJson<Progress>(`/api/listes-candidats/${listeId}`);
        if (stopped) return;
        setProgress(found);
        if (found.statut === 'terminee') return;
      } catch {
        // Not projected yet: asked again.
      }
      if (!stopped) setTimeout(() => void poll(), 500);
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [listeId]);

  const verify = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setProblems([]);
    try {
      const response = await fetchWithCsrf(
        `/api/listes-candidats/verifier?sessionId=${encodeURIComponent(sessionId)}`,
        {
          method: 'POST',
          headers: {
            'Content-Type': file.name.toLowerCase().endsWith('.xlsx') ? XLSX : 'text/csv',
            Accept: 'application/json',
          },
          body: file,
        },
      );
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) {
        handleAccessAnswer(response.status, body.code as string | undefined);
        setError(typeof body.message === 'string' ? body.message : 'Vérification impossible.');
        setProblems(Array.isArray(body.lignes) ? (body.lignes as Problem[]) : []);
        return;
      }
      setVerified(body as unknown as { verificationId: string; lignes: number });
    } finally {
      setBusy(false);
    }
  };

  const applyList = async () => {
    if (!verified) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await apiJson<{ id: string }>('/api/listes-candidats', {
        method: 'POST',
        json: { verificationId: verified.verificationId, sessionId, metierId, centreDepotId },
      });
      setProgress(null);
      setListeId(answer.id);
    } catch (e) {
      setError((e as Error).message);
      const lignes = e instanceof ApiError ? (e.body as { lignes?: Problem[] }).lignes : undefined;
      setProblems(Array.isArray(lignes) ? lignes : []);
    } finally {
      setBusy(false);
    }
  };

  const ready = Boolean(sessionId && metierId && centreDepotId && file);

  /** « Soumettre une autre liste »: the choices stay, the file and the progress go. */
  const restart = () => {
    setListeId(null);
    setProgress(null);
    setFile(null);
    if (input.current) input.current.value = '';
  };

  return {
    sessions,
    metiers,
    centres,
    ownCentre,
    sessionId,
    setSessionId,
    metierId,
    setMetierId,
    centreDepotId,
    setCentreDepotId,
    file,
    setFile,
    busy,
    error,
    problems,
    verified,
    listeId,
    progress,
    input,
    verify,
    applyList,
    restart,
    ready,
  };
};

export type PersonList = ReturnType<typeof usePersonList>;
