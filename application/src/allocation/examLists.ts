import {
  candidaturesCollection,
  convocationEpreuves,
  EXAM_LIST_ORDER,
  type ConvocationPage,
  listCollection,
  referenceList,
  sessionsCollection,
  type CandidatureDocument,
  type DocumentTarget,
  type ExamListKind,
  type ExamListRow,
  type ReadModelDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';

type Doc = ReadModelDocument & Record<string, unknown>;

/** Every item of a reference list, as the read model holds it (a list is small: sites, centres). */
export const readAllItems = async (readStore: ReadStore, list: string): Promise<Doc[]> => {
  const items: Doc[] = [];
  for await (const item of readStore
    .collection<Doc>(listCollection(referenceList(list)!))
    .stream({ sort: [{ field: 'id', order: 'ASC' }] }))
    items.push(item);
  return items;
};

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * The exam lists of a target (a session's site, or the sites of a centre d'examen or département,
 * in name order), read from the read models: the session's name, the sites with their headings,
 * how many candidates in all, and their rows site after site, named (métier, accommodation).
 */
/**
 * The sites a document's target names: one site, the sites of a centre d'examen, or those of a
 * département, in name order; each with its heading (site — centre — address).
 */
export const targetSites = async (readStore: ReadStore, cible: Omit<DocumentTarget, 'libelle'>) => {
  const [sites, centres] = await Promise.all(
    ['sites-composition', 'centres-examen'].map((l) => readAllItems(readStore, l)),
  );
  const centreOf = new Map(centres!.map((c) => [c.id, c]));
  const chosen = sites!
    .filter((s) => {
      const centre = centreOf.get(String(s.centreExamenId ?? ''));
      return cible.siteId
        ? s.id === cible.siteId
        : cible.centreExamenId
          ? s.centreExamenId === cible.centreExamenId
          : centre?.departementId === cible.departementId;
    })
    .sort((a, b) => collator.compare(String(a.libelle ?? ''), String(b.libelle ?? '')));
  const heading = (site: Doc) => {
    const centre = centreOf.get(String(site.centreExamenId ?? ''));
    return [String(site.libelle ?? ''), centre?.libelle, site.adresse]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(' — ');
  };
  return { sites: sites!, chosen, heading, centreOf };
};

/**
 * The candidates a list names at one site: those allocated there in the session; a target stamped
 * with a centre de dépôt (asked for by a user attached to it) names that centre's only.
 */
const allocatedAt = (cible: Omit<DocumentTarget, 'libelle'>, siteId: string) => ({
  sessionId: cible.sessionId,
  statut: 'affecte',
  siteId,
  ...(cible.centreDepotId ? { centreDepotId: cible.centreDepotId } : {}),
});

export const examListSource = async (
  readStore: ReadStore,
  cible: Omit<DocumentTarget, 'libelle'>,
  kind: ExamListKind,
) => {
  const [{ sites, chosen, heading, centreOf }, metiers, handicaps] = await Promise.all([
    targetSites(readStore, cible),
    readAllItems(readStore, 'metiers'),
    readAllItems(readStore, 'types-handicap'),
  ]);
  const metier = new Map(metiers!.map((m) => [m.id, String(m.libelle ?? '')]));
  const amenagement = new Map(
    handicaps!.map((h) => [h.id, String(h.amenagement || h.libelle || '')]),
  );
  const session = await readStore.collection<Doc>(sessionsCollection).get(cible.sessionId);
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);
  const filterOf = (siteId: string) => allocatedAt(cible, siteId);
  const total = (await Promise.all(chosen.map((site) => dossiers.count(filterOf(site.id))))).reduce(
    (sum, n) => sum + n,
    0,
  );
  async function* rows(): AsyncGenerator<ExamListRow> {
    for (const site of chosen) {
      const title = heading(site);
      for await (const doc of dossiers.stream({
        filter: filterOf(site.id),
        sort: [EXAM_LIST_ORDER[kind], { field: 'numeroTable', order: 'ASC' }],
        batchSize: 1000,
      }))
        yield {
          numeroCandidat: doc.numeroCandidat ?? '',
          numeroTable: doc.numeroTable ?? 0,
          libelle: doc.libelle,
          dateNaissance: String(doc.dateNaissance ?? ''),
          metier: metier.get(doc.metierId) ?? '',
          amenagement:
            typeof doc.handicapId === 'string' ? (amenagement.get(doc.handicapId) ?? '') : '',
          site: title,
        };
    }
  }
  const siteById = new Map(sites.map((site) => [site.id, site]));
  return {
    session: String(session?.libelle ?? ''),
    sites: chosen.map((site) => ({ id: site.id, heading: heading(site) })),
    total,
    rows,
    metierNames: metier,
    amenagementOf: (handicapId: unknown) =>
      typeof handicapId === 'string' ? (amenagement.get(handicapId) ?? '') : '',
    siteOf: (siteId: string) => {
      const site = siteById.get(siteId);
      if (!site) return undefined;
      return {
        libelle: String(site.libelle ?? ''),
        centre: String(centreOf.get(String(site.centreExamenId ?? ''))?.libelle ?? ''),
        adresse: String(site.adresse ?? ''),
      };
    },
  };
};

/**
 * The convocations of a target (one dossier, or the allocated candidates of a site, centre
 * d'examen or département, site after site in table order): each page's content, named.
 */
export const convocationSource = async (
  readStore: ReadStore,
  cible: Omit<DocumentTarget, 'libelle'>,
) => {
  const session = await readStore.collection<Doc>(sessionsCollection).get(cible.sessionId);
  const examenId = String(session?.examenId ?? '');
  const debut = String(session?.debutComposition ?? '');
  const [examens, epreuves] = await Promise.all(
    ['examens', 'epreuves'].map((l) => readAllItems(readStore, l)),
  );
  const examen = String(examens!.find((e) => e.id === examenId)?.libelle ?? '');
  const ofExamen = epreuves!
    .filter((e) => e.actif === true && e.examenId === examenId)
    .map((e) => ({ ...e, libelle: String(e.libelle ?? '') }));
  const lists = await examListSource(
    readStore,
    cible.candidatureId ? { sessionId: cible.sessionId } : cible,
    'liste-emargement',
  );
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);
  const { sites: siteList, metierNames, amenagementOf, siteOf } = lists;
  const page = (doc: CandidatureDocument): ConvocationPage => {
    const site = siteOf(String(doc.siteId ?? ''));
    return {
      session: String(session?.libelle ?? ''),
      examen,
      candidat: doc.libelle,
      dateNaissance: String(doc.dateNaissance ?? ''),
      lieuNaissance: String(doc.lieuNaissance ?? ''),
      numeroDossier: doc.numeroDossier,
      numeroCandidat: doc.numeroCandidat ?? '',
      numeroTable: doc.numeroTable ?? 0,
      metier: metierNames.get(doc.metierId) ?? '',
      site: site?.libelle ?? '',
      centre: site?.centre ?? '',
      adresse: site?.adresse ?? '',
      epreuves: convocationEpreuves(ofExamen, doc.metierId, debut),
      amenagement: amenagementOf(doc.handicapId),
    };
  };
  if (cible.candidatureId) {
    const doc = await dossiers.get(cible.candidatureId);
    const found =
      doc &&
      doc.sessionId === cible.sessionId &&
      doc.statut === 'affecte' &&
      (!cible.centreDepotId || doc.centreDepotId === cible.centreDepotId)
        ? [doc]
        : [];
    return {
      total: found.length,
      async *pages(): AsyncGenerator<ConvocationPage> {
        for (const d of found) yield page(d);
      },
    };
  }
  const filterOf = (siteId: string) => allocatedAt(cible, siteId);
  return {
    total: lists.total,
    async *pages(): AsyncGenerator<ConvocationPage> {
      for (const site of siteList)
        for await (const doc of dossiers.stream({
          filter: filterOf(site.id),
          sort: [{ field: 'numeroTable', order: 'ASC' }],
          batchSize: 1000,
        }))
          yield page(doc);
    },
  };
};
