/**
 * The import of a file of marks, all or nothing: every row checked against the sheets it names
 * (as stored, or as they would open) before any of them is written.
 */
import {
  evolveGradeSheet,
  fold,
  GRADE_SHEET_CATEGORY,
  gradeSheetDecider,
  gradeSheetId,
  normalizeCode,
  planGradeImport,
  streamName,
  type CommandContext,
  type GradeImportRow,
  type GradeSheet,
  type GradeSheetEvent,
  type ImportEpreuve,
  type SheetKeys,
} from '@examens-pro/domain';
import { chunks, grading, onSheet, openWindow, type GradeDeps } from './gradeCommandSupport.js';
import {
  candidatesByNumber,
  copiesByNumber,
  epreuvesOfExamen,
  isAnonymous,
  sheetRoster,
  type GradedEpreuve,
} from './gradeReads.js';

/**
 * A file of marks, all or nothing: the problems of every row (400), or every sheet's entries
 * written. One import of a session at a time in this process; each sheet is decided again at
 * its append (a change that lands in between is taken into account, not overwritten).
 */
export const importMarks = (
  deps: GradeDeps,
  sessionId: string,
  rows: readonly GradeImportRow[],
  fichier: string,
  context: CommandContext,
) =>
  deps.inTurn(`notes/${sessionId}`, async () => {
    const current = await grading(deps, sessionId);
    const rules = await openWindow(deps, sessionId, 'importation');
    const epreuves = await epreuvesOfExamen(deps.readStore, current.examenId);
    const byCode = new Map(epreuves.map((e) => [normalizeCode(e.code), e]));
    const candidates = await candidatesByNumber(
      deps.readStore,
      sessionId,
      rows.map((r) => (r.values.numero_candidat ?? '').trim().toUpperCase()),
    );
    const copies = await copiesByNumber(
      deps.readStore,
      sessionId,
      rows.map((r) => (r.values.numero_anonymat ?? '').trim()),
    );
    // The sheets the rows name, as stored or as they would open.
    const sheets = new Map<string, GradeSheet>();
    const wanted = new Map<string, SheetKeys & { epreuve: ImportEpreuve }>();
    for (const row of rows) {
      const copy = copies.get((row.values.numero_anonymat ?? '').trim());
      const candidate =
        copy ?? candidates.get((row.values.numero_candidat ?? '').trim().toUpperCase());
      const found = byCode.get(normalizeCode(row.values.code_epreuve ?? ''));
      if (!candidate || !found) continue;
      const feuilleId = gradeSheetId(sessionId, found.id, candidate.siteId);
      if (!wanted.has(feuilleId))
        wanted.set(feuilleId, {
          feuilleId,
          sessionId,
          epreuveId: found.id,
          siteId: candidate.siteId,
          epreuve: found,
        });
    }
    await Promise.all(
      chunks([...wanted.values()], 8).map(async (group) => {
        for (const { epreuve: found, ...keys } of group) {
          const events = await deps.eventStore.readStream(
            streamName(GRADE_SHEET_CATEGORY, keys.feuilleId),
          );
          const state =
            events.length > 0
              ? fold(gradeSheetDecider, events as unknown as GradeSheetEvent[])
              : evolveGradeSheet(
                  { status: 'absent' },
                  {
                    type: 'GradeSheetOpened',
                    data: {
                      ...keys,
                      candidats: await sheetRoster(deps.readStore, sessionId, found, keys.siteId),
                    },
                  },
                );
          sheets.set(keys.feuilleId, state);
        }
      }),
    );
    const importation = { id: context.commandId, fichier };
    const plan = planGradeImport(rows, {
      sessionId,
      candidate: (numero) => candidates.get(numero),
      copy: (numero) => copies.get(numero),
      anonymous: (found) => isAnonymous(rules, found as GradedEpreuve),
      epreuve: (code) => byCode.get(code),
      sheet: (keys) => sheets.get(keys.feuilleId) ?? { status: 'absent' },
      parId: context.actor.id,
      doubleSaisie: rules.doubleSaisie,
      importation,
    });
    if (plan.problems.length > 0) return { problems: plan.problems } as const;
    let position = '0';
    const written = plan.sheets.filter((s) => s.event !== null);
    await Promise.all(
      chunks(written, 8).map(async (group) => {
        for (const { keys, event } of group) {
          const answer = await onSheet(
            deps,
            keys,
            {
              type: 'EnterMarks',
              data: {
                source: 'importation',
                importation,
                parId: context.actor.id,
                doubleSaisie: rules.doubleSaisie,
                marks: event!.data.saisies.map((s) => ({
                  candidatureId: s.candidatureId,
                  note: s.note,
                })),
              },
            },
            // One command per sheet: a retried import finds each sheet's entries done.
            { ...context, commandId: `${context.commandId}/${keys.feuilleId}` },
            { epreuve: wanted.get(keys.feuilleId)!.epreuve },
          );
          if (BigInt(answer.position) > BigInt(position)) position = answer.position;
        }
      }),
    );
    return {
      problems: null,
      id: context.commandId,
      revision: 0,
      position,
      lignes: rows.length,
      saisies: plan.saisies,
      feuilles: written.length,
    } as const;
  });
