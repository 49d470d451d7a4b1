import { useEffect, useState } from 'react';
import { HttpError, useDataProvider } from 'react-admin';
import type { PaymentStatementDocument, StatementChannel } from '@examens-pro/domain';
import { serverMessage } from '../../common/serverErrors';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';

export interface Choice {
  readonly id: string;
  readonly libelle: string;
}
export interface LineProblem {
  readonly ligne: number;
  readonly colonne: string;
  readonly message: string;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const everySession = `filter=${encodeURIComponent('{}')}&range=${encodeURIComponent('[0,999]')}`;

/**
 * A statement imported for a session: previewed (its lines matched), its doubtful lines decided one
 * by one, then applied all or nothing; each step read back from `releves-paiement/:id`.
 */
export const usePaymentStatement = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [sessions, setSessions] = useState<Choice[]>([]);
  const [sessionId, setSessionId] = useState('');
  const [canal, setCanal] = useState<StatementChannel>('mobile-money');
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<LineProblem[]>([]);
  const [statement, setStatement] = useState<PaymentStatementDocument | null>(null);

  useEffect(() => {
    void dataProvider
      .read<Choice[]>(`sessions?${everySession}`)
      .then(setSessions)
      .catch(() => setSessions([]));
  }, [dataProvider]);

  const reload = async (id: string) =>
    setStatement(
      await dataProvider.read<PaymentStatementDocument>(
        `releves-paiement/${encodeURIComponent(id)}`,
      ),
    );

  /** Runs a step: its refusal (the headline, every refused line) shown, nothing else changed. */
  const step = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setProblems([]);
    try {
      await work();
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const lignes = (e.body as { lignes?: unknown } | undefined)?.lignes;
      setError(serverMessage(e) || e.message);
      setProblems(Array.isArray(lignes) ? (lignes as LineProblem[]) : []);
    } finally {
      setBusy(false);
    }
  };

  const preview = () =>
    step(async () => {
      if (!file) return;
      const params = new URLSearchParams({ sessionId, canal, fichier: file.name });
      const answer = await dataProvider.command(`releves-paiement?${params.toString()}`, {
        file,
        headers: {
          'Content-Type': file.name.toLowerCase().endsWith('.xlsx') ? XLSX : 'text/csv',
        },
      });
      await reload(String(answer.id));
    });

  const decide = (ligne: number, candidatureId: string | null) =>
    step(async () => {
      if (!statement) return;
      await dataProvider.command(`releves-paiement/${encodeURIComponent(statement.id)}/decisions`, {
        data: { ligne, candidatureId },
      });
      await reload(statement.id);
    });

  const apply = () =>
    step(async () => {
      if (!statement) return;
      await dataProvider.command(`releves-paiement/${encodeURIComponent(statement.id)}/appliquer`);
      await reload(statement.id);
    });

  /** « Importer un autre relevé »: the choices stay, the file and the preview go. */
  const restart = () => {
    setStatement(null);
    setFile(undefined);
    setError(null);
    setProblems([]);
  };

  return {
    sessions,
    sessionId,
    setSessionId,
    canal,
    setCanal,
    file,
    setFile,
    busy,
    error,
    problems,
    statement,
    preview,
    decide,
    apply,
    restart,
  };
};
