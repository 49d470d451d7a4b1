import {
  candidaturesCollection,
  planAllocation,
  planFingerprint,
  type CandidatureDocument,
  type PlanCandidate,
  type PlanSite,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { readAllItems } from './examLists.js';

/** What the plan reads of a session: its validated candidates not seated, every active site. */
export const allocationInputs = async (
  readStore: ReadStore,
  sessionId: string,
): Promise<{ candidates: PlanCandidate[]; sites: PlanSite[]; siteNames: Map<string, string> }> => {
  const all = (list: string) => readAllItems(readStore, list);
  const [departements, centresDepot, centresExamen, sites, handicaps, metiers] = await Promise.all(
    [
      'departements',
      'centres-depot',
      'centres-examen',
      'sites-composition',
      'types-handicap',
      'metiers',
    ].map(all),
  );
  const zoneOf = new Map(departements!.map((d) => [d.id, String(d.zoneId ?? '')]));
  const departementOfDepot = new Map(
    centresDepot!.map((c) => [c.id, String(c.departementId ?? '')]),
  );
  const departementOfCentre = new Map(
    centresExamen!.map((c) => [c.id, String(c.departementId ?? '')]),
  );
  const accessibleRequired = new Set(
    handicaps!.filter((h) => h.siteAccessibleRequis === true).map((h) => h.id),
  );
  const codeOf = new Map(metiers!.map((m) => [m.id, String(m.code ?? '')]));
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);
  const occupied = new Map(
    (await dossiers.group({ filter: { sessionId, statut: 'affecte' }, by: ['siteId'] })).map(
      (g) => [String(g.key.siteId), g.count],
    ),
  );
  const planSites: PlanSite[] = sites!
    .filter((s) => s.actif === true)
    .map((s) => {
      const departementId = departementOfCentre.get(String(s.centreExamenId)) ?? '';
      return {
        id: s.id,
        libelle: String(s.libelle ?? ''),
        departementId,
        zoneId: zoneOf.get(departementId) ?? '',
        capacite: typeof s.capacite === 'number' ? s.capacite : 0,
        occupes: occupied.get(s.id) ?? 0,
        accessible: s.accessible === true,
      };
    });
  const candidates: PlanCandidate[] = [];
  for await (const doc of dossiers.stream({
    filter: { sessionId, statut: 'valide' },
    sort: [{ field: 'numeroDossier', order: 'ASC' }],
    batchSize: 5000,
  })) {
    const departementId = departementOfDepot.get(doc.centreDepotId) ?? '';
    candidates.push({
      id: doc.id,
      metierId: doc.metierId,
      metierCode: codeOf.get(doc.metierId) ?? '',
      nom: String(doc.nom ?? ''),
      prenoms: String(doc.prenoms ?? ''),
      dateNaissance: String(doc.dateNaissance ?? ''),
      departementId,
      zoneId: zoneOf.get(departementId) ?? '',
      accessibleRequis:
        typeof doc.handicapId === 'string' && accessibleRequired.has(doc.handicapId),
      langueId: typeof doc.langueId === 'string' ? doc.langueId : null,
    });
  }
  return {
    candidates,
    sites: planSites,
    siteNames: new Map(sites!.map((s) => [s.id, String(s.libelle ?? s.id)])),
  };
};

/** The automatic plan of a session as the read models show it now, and its fingerprint. */
export const allocationPreview = async (readStore: ReadStore, sessionId: string) => {
  const inputs = await allocationInputs(readStore, sessionId);
  const plan = planAllocation(inputs.candidates, inputs.sites);
  return { ...inputs, plan, empreinte: planFingerprint(plan) };
};
