import type { Writable } from 'node:stream';
import {
  deliberationsCollection,
  formatFrenchDay,
  formatMark,
  JURYS,
  listCollection,
  localDate,
  MEMBRES_JURY,
  RESULT_LABELS,
  referenceList,
  resultLabel,
  resultsCollection,
  sessionsCollection,
  type DeliberationDocument,
  type DocumentTarget,
  type MarkLine,
  type ReadModelDocument,
  type ResultDocument,
  type ResultEpreuvesDocument,
  resultEpreuvesCollection,
  resultMarkLines,
} from '@examens-pro/domain';
import { officeTimeZone, type ReadStore } from '@examens-pro/platform';
import type { MinutesLayout, MinutesRow, MinutesSection, MinutesSigner } from './minutesLayout.js';
import { renderMinutesOffThread } from '../pdf/renderThread.js';

type Doc = ReadModelDocument & Record<string, unknown>;
/** A frozen result with its marks as lines. */
type MinutesResult = Omit<ResultDocument, 'notes'> & { notes: MarkLine[] };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** The average on 20 as a PV prints it: « 12,50 ». */
const average = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
const count = (n: number, one: string, many: string) =>
  `${new Intl.NumberFormat('fr-FR').format(n)} ${n > 1 ? many : one}`;

/** A mark as the minutes print it: on its scale, « Abs. » for an absent candidate. */
const markCell = (line: MarkLine | undefined): string =>
  !line ? '' : line.absent ? 'Abs.' : line.note === null ? '—' : formatMark(line.note);

/**
 * What a PV is made of, read from the read models: the jury's frozen results in one centre (never
 * the marks of now: a PV prints what the jury closed, or re-deliberated), the session, examen, jury,
 * centre and the members who sign. Refused unless the jury's deliberation is closed.
 */
export const minutesSource = async (
  readStore: ReadStore,
  cible: Pick<DocumentTarget, 'sessionId' | 'juryId' | 'centreExamenId'>,
) => {
  const { juryId, centreExamenId, sessionId } = cible;
  if (!juryId || !centreExamenId) throw new Error('procès-verbal sans jury ni centre');
  const list = (name: string) => readStore.collection<Doc>(listCollection(referenceList(name)!));
  const deliberation = await readStore
    .collection<DeliberationDocument>(deliberationsCollection)
    .get(juryId);
  if (deliberation?.statut !== 'close')
    throw new Error(
      'la délibération de ce jury n’est pas close : le procès-verbal se fait à partir des résultats arrêtés',
    );
  const [jury, centre, session] = await Promise.all([
    readStore.collection<Doc>(listCollection(JURYS)).get(juryId),
    list('centres-examen').get(centreExamenId),
    readStore.collection<Doc>(sessionsCollection).get(sessionId),
  ]);
  const examen = session ? await list('examens').get(text(session.examenId)) : null;
  // Each result with its marks as lines again (stored compact, the jury's épreuves once).
  const juryEpreuves = await readStore
    .collection<ResultEpreuvesDocument>(resultEpreuvesCollection)
    .get(juryId);
  const results: MinutesResult[] = [];
  for await (const r of readStore.collection<ResultDocument>(resultsCollection).stream({
    filter: { juryId, centreExamenId },
    sort: [{ field: 'numeroCandidat', order: 'ASC' }],
  }))
    results.push({ ...r, notes: resultMarkLines(r, juryEpreuves) });

  // One section per métier, in name order; its épreuves are those its candidates were weighed on.
  const metiers = new Map(
    (await list('metiers').getMany([...new Set(results.map((r) => r.metierId))])).map((m) => [
      m.id,
      m,
    ]),
  );
  const groups = new Map<string, MinutesResult[]>();
  for (const r of results) groups.set(r.metierId, [...(groups.get(r.metierId) ?? []), r]);
  const ordered = [...groups.entries()].sort(([a], [b]) =>
    collator.compare(text(metiers.get(a)?.libelle), text(metiers.get(b)?.libelle)),
  );
  const sections: (MinutesSection & { epreuveIds: string[]; results: MinutesResult[] })[] =
    ordered.map(([metierId, own]) => {
      const epreuves = new Map<string, MarkLine>();
      for (const r of own) for (const line of r.notes) epreuves.set(line.epreuveId, line);
      const columns = [...epreuves.values()].sort((a, b) => collator.compare(a.code, b.code));
      const metier = metiers.get(metierId);
      return {
        title: `Métier : ${text(metier?.libelle) || metierId}${metier?.code ? ` (${text(metier.code)})` : ''} — ${count(own.length, 'candidat', 'candidats')}`,
        epreuves: columns.map((e) => ({
          code: e.code,
          detail: `/${formatMark(e.noteMax)} · coef. ${formatMark(e.coefficient)}`,
        })),
        epreuveIds: columns.map((e) => e.epreuveId),
        results: own,
      };
    });

  // The president first, then the members, each with their function.
  const memberIds = [
    text(jury?.presidentId),
    ...(Array.isArray(jury?.membreIds) ? jury.membreIds : []),
  ]
    .map(String)
    .filter(Boolean);
  const members = new Map(
    (await readStore.collection<Doc>(listCollection(MEMBRES_JURY)).getMany(memberIds)).map((m) => [
      m.id,
      m,
    ]),
  );
  const fonctions = new Map(
    (
      await list('fonctions-membres-jurys').getMany([
        ...new Set([...members.values()].map((m) => text(m.fonctionId))),
      ])
    ).map((f) => [f.id, text(f.libelle)]),
  );
  const signers: MinutesSigner[] = memberIds.map((id, i) => {
    const m = members.get(id);
    return {
      role: i === 0 ? 'Le président du jury' : 'Membre du jury',
      nom: m ? `${text(m.nom).toUpperCase()} ${text(m.prenoms)}`.trim() : id,
      fonction: fonctions.get(text(m?.fonctionId)) ?? '',
    };
  });

  const numeroArrete = deliberation.numeroArrete ?? results[0]?.numeroArrete ?? '';
  const dateArrete = deliberation.dateArrete ?? results[0]?.dateArrete ?? '';
  const by = (r: MinutesResult['resultat']) => results.filter((x) => x.resultat === r).length;
  const decided = results.filter((r) => r.derogation);
  const juryName = text(jury?.libelle) || juryId;
  const centreName = text(centre?.libelle) || centreExamenId;
  const layout: MinutesLayout = {
    title: 'Procès-verbal de délibération',
    heading: [
      `Examen : ${[...new Set([text(examen?.code), text(examen?.libelle)])].filter(Boolean).join(' — ')}`,
      `Session : ${text(session?.libelle)}`,
      `Jury : ${juryName}`,
      `Centre d’examen : ${centreName}`,
      `Arrêté n° ${numeroArrete} du ${formatFrenchDay(dateArrete)}`,
      ...(deliberation.closLe
        ? [
            `Délibération close le ${formatFrenchDay(localDate(deliberation.closLe, officeTimeZone()))}`,
          ]
        : []),
    ],
    footer: `Procès-verbal — ${juryName} — ${centreName} — Arrêté n° ${numeroArrete} du ${formatFrenchDay(dateArrete)}`,
    sections: sections.map(({ title, epreuves }) => ({ title, epreuves })),
    summary: [
      `Effectif : ${results.length} — ${RESULT_LABELS.admis} : ${by('admis')} — Ajournés : ${by('ajourne')} — Éliminés : ${by('elimine')} — Absents : ${by('absent')}`,
    ],
    notes: decided.length
      ? [
          'Décisions du jury :',
          ...decided.map(
            (r) =>
              `${r.numeroCandidat} ${r.nom.toUpperCase()} ${r.prenoms} : résultat calculé « ${RESULT_LABELS[r.calcule]} », décision du jury « ${RESULT_LABELS[r.resultat]} » — motif : ${r.derogation!.motif}`,
          ),
        ]
      : [],
    signers,
  };

  async function* rows(): AsyncGenerator<MinutesRow> {
    for (const [index, section] of sections.entries())
      for (const r of section.results) {
        const lines = new Map(r.notes.map((line) => [line.epreuveId, line]));
        yield [
          index,
          r.rang === null ? '—' : String(r.rang),
          r.numeroCandidat,
          `${r.nom.toUpperCase()} ${r.prenoms}`.trim(),
          ...section.epreuveIds.map((id) => markCell(lines.get(id))),
          r.moyenne === null ? '—' : average.format(r.moyenne),
          resultLabel(r),
        ];
      }
  }
  return { layout, total: results.length, rows };
};

/** The PV of a jury for one of its centres (document `proces-verbal`), rendered off the event loop. */
export const renderMinutesDocument = async (
  out: Writable,
  readStore: ReadStore,
  cible: DocumentTarget,
  editedAt: Date,
  onProgress?: (percent: number) => Promise<void>,
  /** What the footer says of the electronic signature. */
  mention?: string,
): Promise<{ pages: number }> => {
  const source = await minutesSource(readStore, cible);
  return renderMinutesOffThread(out, {
    layout: mention
      ? { ...source.layout, footer: `${source.layout.footer} — ${mention.replace(/\.$/, '')}` }
      : source.layout,
    editedAt,
    total: source.total,
    rows: source.rows(),
    ...(onProgress ? { onProgress } : {}),
  });
};
