import { useRef, useState, type KeyboardEvent } from 'react';
import { submit } from '../../offline/outbox';
import { rowKey, rowRef, sheetKey, type SheetRow } from './shared';

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
  pending,
  label,
}: {
  sessionId: string;
  epreuveId: string;
  siteId: string;
  rows: readonly SheetRow[];
  entering: boolean;
  load: () => void;
  /** Marks typed offline on this sheet, waiting to be sent: row key → value typed. */
  pending: Readonly<Record<string, string>>;
  /** How a row's entry is named in the queue: « ELEC-00001 (THEO, Lycée Leclerc) ». */
  label: (row: SheetRow) => string;
}) => {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  // Entrée then the blur of the field it leaves: one entry, not two.
  const saving = useRef(new Set<string>());

  const editable = (row: SheetRow) =>
    entering &&
    row.presence !== 'absent' &&
    pending[rowKey(row)] === undefined &&
    (row.statut === 'a-saisir' || row.statut === 'en-attente');

  const focusAfter = (key: string) => {
    const order = rows.filter(editable).map(rowKey);
    const next = order[order.indexOf(key) + 1];
    if (next) inputs.current[next]?.focus();
  };

  const save = async (row: SheetRow) => {
    const key = rowKey(row);
    const value = (drafts[key] ?? '').trim();
    if (!value || saving.current.has(key) || pending[key] !== undefined) return;
    saving.current.add(key);
    try {
      // Kept in this browser first: without network it waits, and goes when the network returns.
      const outcome = await submit({
        kind: 'note',
        path: 'notes/saisies',
        data: { sessionId, epreuveId, siteId, saisies: [{ ...rowRef(row), note: value }] },
        label: `Note ${value} — ${label(row)}`,
        sheet: sheetKey(sessionId, epreuveId, siteId),
        rows: { [key]: value },
      });
      setDrafts(({ [key]: _saved, ...rest }) => rest);
      setRowErrors(({ [key]: _fixed, ...rest }) => rest);
      if (outcome.status === 'sent') load();
    } catch (e) {
      setRowErrors((all) => ({ ...all, [key]: (e as Error).message }));
    } finally {
      saving.current.delete(key);
    }
  };

  const onKey = (row: SheetRow) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void save(row);
    focusAfter(rowKey(row));
  };

  return { drafts, setDrafts, rowErrors, inputs, editable, save, onKey, pending };
};

export type GradeEntry = ReturnType<typeof useGradeEntry>;
