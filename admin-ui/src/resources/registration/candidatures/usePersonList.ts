import { useEffect, useRef, useState } from 'react';
import { HttpError, useDataProvider } from 'react-admin';
import { serverMessage } from '../../../common/serverErrors';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';

export interface Choice {
  readonly id: string;
  readonly libelle: string;
}
export interface Problem {
  readonly ligne: number;
  readonly colonne: string;
  readonly message: string;
}
/** The columns a list for the chosen métier must fill (the niveau when it requires a level). */
export interface Columns {
  readonly obligatoires: readonly string[];
  readonly facultatives: readonly string[];
  readonly niveauRequis: string | null;
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

/** What the métier requires of the list (null: no métier chosen), said before the file is chosen. */
const useListColumns = (metierId: string): Columns | null => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [columns, setColumns] = useState<Columns | null>(null);
  useEffect(() => {
    setColumns(null);
    if (!metierId) return;
    void dataProvider
      .read<Columns>(`listes-candidats/colonnes?metierId=${encodeURIComponent(metierId)}`)
      .then(setColumns)
      .catch(() => setColumns(null));
  }, [metierId]);
  return columns;
};

/**
 * A list of agents submitted: the choices (session, métier, centre de dépôt: an enrôleur's own),
 * the file verified against them (every rule the application runs) then applied (refused, it is no
 * longer « valide »), and the creation of its dossiers followed until done.
 */
export const usePersonList = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
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
  const columns = useListColumns(metierId);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void dataProvider
      .read<Choice[]>(`sessions?${query({ statut: 'inscriptions-ouvertes' })}`)
      .then(setSessions)
      .catch(() => setSessions([]));
    void dataProvider
      .read<Choice[]>(`centres-depot?${query({ actif: true })}`)
      .then(setCentres)
      .catch(() => setCentres([]));
    void dataProvider
      .read<{ centreDepotId?: string | null }>('mon-compte')
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
    void dataProvider
      .read<(Choice & { metierId: string })[]>(
        `metiers-ouverts?${query({ sessionId, actif: true })}`,
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
        const found = await dataProvider.read<Progress>(`listes-candidats/${listeId}`);
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
      // The verification answers what it read (no command position): the file's rows and its id.
      const target = new URLSearchParams({ sessionId, metierId, centreDepotId }).toString();
      const type = file.name.toLowerCase().endsWith('.xlsx') ? XLSX : 'text/csv';
      const answer: unknown = await dataProvider.command(`listes-candidats/verifier?${target}`, {
        file,
        headers: { 'Content-Type': type },
      });
      setVerified(answer as { verificationId: string; lignes: number });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const lignes = (e.body as { lignes?: unknown } | undefined)?.lignes;
      setError(serverMessage(e) || 'Vérification impossible.');
      setProblems(Array.isArray(lignes) ? (lignes as Problem[]) : []);
    } finally {
      setBusy(false);
    }
  };

  const applyList = async () => {
    if (!verified) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await dataProvider.command('listes-candidats', {
        data: { verificationId: verified.verificationId, sessionId, metierId, centreDepotId },
      });
      setProgress(null);
      setListeId(String(answer.id));
    } catch (e) {
      setVerified(null);
      setError((e as Error).message);
      const lignes =
        e instanceof HttpError ? (e.body as { lignes?: Problem[] } | undefined)?.lignes : undefined;
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
    columns,
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
