/**
 * What asking for attestations and making them both read: the signatory, the admitted candidates
 * of a target in page order, the results awaiting a new deliberation.
 */
import {
  ATTESTATION_ORDER,
  attestationsCollection,
  ConflictError,
  listCollection,
  referenceList,
  resultsCollection,
  type AttestationDocument,
  type AttestationKind,
  type DocumentTarget,
  type ReadModelDocument,
  type ResultDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';

export type Doc = ReadModelDocument & Record<string, unknown>;

export const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export const item = (readStore: ReadStore, list: string, id: string) =>
  readStore.collection<Doc>(listCollection(referenceList(list)!)).get(id);

/** « Mballa Alain (ELEC-00001) ». */
export const named = (doc: { nom?: unknown; prenoms?: unknown; numeroCandidat?: unknown }) =>
  `${[doc.nom, doc.prenoms].filter(Boolean).join(' ')}${doc.numeroCandidat ? ` (${String(doc.numeroCandidat)})` : ''}`;

/** The signatory of a kind of document: the first active one (by code) who signs it. */
export const signatoryOf = async (readStore: ReadStore, kind: AttestationKind) => {
  const { items } = await readStore
    .collection<Doc>(listCollection(referenceList('signataires')!))
    .list({
      filter: { actif: true },
      sort: [{ field: 'code', order: 'ASC' }],
      limit: 500,
    });
  return items.find((s) => (kind === 'diplomes' ? s.signeDiplomes : s.signeAttestations) === true);
};

export const noSignatory = (kind: AttestationKind) =>
  new ConflictError(
    `Aucun signataire actif ne signe les ${kind === 'diplomes' ? 'diplômes' : 'attestations'} : désignez-le sous Configuration → Signataires, puis recommencez.`,
  );

/** The admitted candidates of a target, in page order, within a reader's centre de dépôt. */
export const admittedOf = async function* (
  readStore: ReadStore,
  cible: Pick<DocumentTarget, 'sessionId' | 'departementId' | 'zoneId'>,
  centreDepotId?: string | null,
): AsyncGenerator<AttestationDocument> {
  const collection = readStore.collection<AttestationDocument>(attestationsCollection);
  const base = {
    sessionId: cible.sessionId,
    admis: true,
    ...(centreDepotId ? { centreDepotId } : {}),
  };
  if (cible.departementId) {
    yield* collection.stream({
      filter: { ...base, departementId: cible.departementId },
      sort: ATTESTATION_ORDER,
      batchSize: 1000,
    });
    return;
  }
  // A zone: its départements in name order, each one's candidates by name.
  const { items } = await readStore
    .collection<Doc>(listCollection(referenceList('departements')!))
    .list({ filter: { zoneId: cible.zoneId! }, limit: 500 });
  const departements = items.sort((a, b) =>
    collator.compare(String(a.libelle ?? ''), String(b.libelle ?? '')),
  );
  for (const departement of departements)
    yield* collection.stream({
      filter: { ...base, departementId: departement.id },
      sort: ATTESTATION_ORDER,
      batchSize: 1000,
    });
};

/** The results awaiting a new deliberation, among `ids` (their documents wait for it). */
export const awaitingDeliberation = async (readStore: ReadStore, ids: readonly string[]) =>
  new Set(
    (await readStore.collection<ResultDocument>(resultsCollection).getMany(ids))
      .filter((r) => r.aRedeliberer)
      .map((r) => r.id),
  );
