import { useRef, useState, type KeyboardEvent } from 'react';
import { useDataProvider } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { rowKey, rowRef, type SheetRow } from './shared';

/**
 * The keyboard entry of a grid: the marks typed (saved on Entrée or when leaving the field, then
 * the next editable candidate), and each row's refusal.
 */
export const useGradeEntry = ({
  sessionId,
  epreuveId,
  siteId,
  rows,
  entering,
  load,
}: {
  sessionId: string;
  epreuveId: string;
  siteId: string;
  rows: readonly SheetRow[];
  entering: boolean;
  load: () => void;
}) => {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const dataProvider = useDataProvider<ExamensDataProvider>();

  const editable = (row: SheetRow) =>
    entering &&
    row.presence !== 'absent' &&
    (row.statut === 'a-saisir' || row.statut === 'en-attente');

  const focusAfter = (key: string) => {
    const order = rows.filter(editable).map(rowKey);
    const next = order[order.indexOf(key) + 1];
    if (next) inputs.current[next]?.focus();
  };

  const save = async (row: SheetRow) => {
    const key = rowKey(row);
    const value = (drafts[key] ?? '').trim();
    if (!value) return;
    try {
      await dataProvider.command('notes/saisies', {
        data: {
          sessionId,
          epreuveId,
          siteId,
          saisies: [{ ...rowRef(row), note: value }],
        },
      });
      setDrafts(({ [key]: _saved, ...rest }) => rest);
      setRowErrors(({ [key]: _fixed, ...rest }) => rest);
      load();
    } catch (e) {
      setRowErrors((all) => ({ ...all, [key]: (e as Error).message }));
    }
  };

  const onKey = (row: SheetRow) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void save(row);
    focusAfter(rowKey(row));
  };

  return { drafts, setDrafts, rowErrors, inputs, editable, save, onKey };
};

export type GradeEntry = ReturnType<typeof useGradeEntry>;
