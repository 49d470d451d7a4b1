import type { FastifyPluginAsync } from 'fastify';
import {
  DECISIONS_PROJECTION,
  decisionCandidateOf,
  decisionsCollection,
  LIST_PROJECTION,
  MINISTER_SIGNATURE_ID,
  MINISTER_SIGNATURES_PROJECTION,
  ministerSignaturesCollection,
  NotFoundError,
  REFERENCES_DECISIONS,
  listCollection,
  RESULTS_PROJECTION,
  resultsCollection,
  sameCandidates,
  SIGNATURE_FILE,
  type DecisionDocument,
  type ReadModelDocument,
  type ResultDocument,
  type RouteId,
  type SignatureDocument,
} from '@examens-pro/domain';
import type { DocumentStorage, EventStore, ReadStore } from '@examens-pro/platform';
import { readAllItems, readDecision } from '@examens-pro/application';
import { readers } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionsOf } from '../sessionChoices.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const DECISIONS = 'espace-examen/gestion-des-admissions/decision-d-admission';
const SIGNATURE: RouteId = `${DECISIONS}/signature-du-ministre`;
const APPLY: RouteId = `${DECISIONS}/apposer-la-signature-du-ministre`;
const DOWNLOAD: RouteId = `${DECISIONS}/telechargement-des-decisions`;

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

const currentSignature = (doc: SignatureDocument | null) =>
  doc
    ? {
        numero: doc.numero,
        sha256: doc.sha256,
        taille: doc.taille,
        type: doc.type,
        nomFichier: doc.nomFichier,
        deposeLe: doc.deposeLe,
        deposePar: doc.deposePar,
      }
    : null;

/**
 * The minister's signature (`/api/signatures-ministre/…`), to whoever deposits or applies it:
 * - GET `courante` → the current version (404 before the first deposit);
 * - GET `image/:numero` → a version's image (the current one: `image/courante`), as deposited.
 */
export const ministerSignatureQueryRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly storage: DocumentStorage;
}> = async (app, { readStore, storage }) => {
  const guard = readers(SIGNATURE, APPLY);
  const read = () =>
    readStore
      .collection<SignatureDocument>(ministerSignaturesCollection)
      .get(MINISTER_SIGNATURE_ID);

  app.get('/courante', guard, async (request, reply) => {
    await awaitPosition(request, reply, {
      readStore,
      projections: [MINISTER_SIGNATURES_PROJECTION],
    });
    const current = currentSignature(await read());
    if (!current) throw new NotFoundError('Aucune signature du ministre n’a encore été déposée.');
    return current;
  });

  app.get<{ Params: { numero: string } }>('/image/:numero', guard, async (request, reply) => {
    const doc = await read();
    const wanted =
      request.params.numero === 'courante' ? doc?.numero : Number(request.params.numero);
    const version = doc?.versions.find((v) => v.numero === wanted);
    if (!version || !SIGNATURE_FILE.test(version.fichier) || !storage.exists(version.fichier))
      throw new NotFoundError('Cette version de la signature est introuvable.');
    reply
      .type(version.type)
      .header('Cache-Control', 'private, no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Digest', `sha-256=${Buffer.from(version.sha256, 'hex').toString('base64')}`);
    return reply.send(storage.read(version.fichier));
  });
};

/**
 * What the decisions' screens read (`/api/decisions-admission/…`), to whoever applies the signature
 * or downloads decisions:
 * - GET `choix?sessionId=` → the sessions; for the one chosen, each département with admitted
 *   candidates (results frozen) or a decision: its admitted count now, its decision number, its
 *   decisions (version, statut, count, signed when and by whom, the signed PDF's document), and
 *   `aJour`: its latest decision is signed and still lists exactly the candidates admitted now (a
 *   new decision has then nothing to change);
 * - GET `:id/candidats` → a decision's candidates, from its events (as signed, once signed).
 */
export const admissionDecisionQueryRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
}> = async (app, { readStore, eventStore }) => {
  const guard = readers(APPLY, DOWNLOAD);

  /** A signed decision still lists the département's admitted candidates of now. */
  const signedUpToDate = async (decision: DecisionDocument): Promise<boolean> => {
    if (decision.statut !== 'signee') return false;
    const { state } = await readDecision(eventStore, decision.id);
    if (state.status !== 'signee') return false;
    const now = [];
    for await (const r of readStore.collection<ResultDocument>(resultsCollection).stream({
      filter: { sessionId: decision.sessionId, departementId: decision.departementId, admis: true },
    }))
      now.push(decisionCandidateOf(r, '', r.juryId));
    return sameCandidates(state.candidats, now);
  };

  app.get<{ Querystring: { sessionId?: string } }>('/choix', guard, async (request, reply) => {
    await awaitPosition(request, reply, {
      readStore,
      projections: [DECISIONS_PROJECTION, RESULTS_PROJECTION, LIST_PROJECTION],
    });
    const sessions = await sessionsOf(readStore);
    const sessionId = request.query.sessionId?.trim();
    const departements: Record<string, unknown>[] = [];
    if (sessionId) {
      const [admitted, decisions, references, geography, zones] = await Promise.all([
        readStore
          .collection(resultsCollection)
          .group({ filter: { sessionId, admis: true }, by: ['departementId'] }),
        (async () => {
          const found: DecisionDocument[] = [];
          for await (const d of readStore
            .collection<DecisionDocument>(decisionsCollection)
            .stream({ filter: { sessionId }, sort: [{ field: 'numero', order: 'ASC' }] }))
            found.push(d);
          return found;
        })(),
        readStore
          .collection<Doc>(listCollection(REFERENCES_DECISIONS))
          .list({ filter: { sessionId, actif: true }, limit: 1000 }),
        readAllItems(readStore, 'departements'),
        readAllItems(readStore, 'zones'),
      ]);
      const counts = new Map(admitted.map((g) => [String(g.key.departementId ?? ''), g.count]));
      const ids = new Set([...counts.keys(), ...decisions.map((d) => d.departementId)]);
      const zoneOf = new Map(zones.map((z) => [z.id, String(z.libelle ?? '')]));
      const named = new Map(geography.map((d) => [d.id, d]));
      for (const id of ids) {
        if (!id) continue;
        const departement = named.get(id);
        const own = decisions.filter((d) => d.departementId === id);
        const latest = own[own.length - 1];
        departements.push({
          departementId: id,
          libelle: String(departement?.libelle ?? id),
          zone: zoneOf.get(String(departement?.zoneId ?? '')) ?? '',
          admis: counts.get(id) ?? 0,
          reference:
            String(references.items.find((r) => r.departementId === id)?.libelle ?? '') || null,
          aJour: latest ? await signedUpToDate(latest) : false,
          decisions: own.map((d) => ({
            id: d.id,
            version: d.version,
            numero: d.numero,
            statut: d.statut,
            effectif: d.effectif,
            reference: d.reference,
            prepareeLe: d.prepareeLe,
            actualiseeLe: d.actualiseeLe,
            signeeLe: d.signeeLe,
            signeePar: d.signeePar,
            signature: d.signature,
            documentId: d.documentId,
            sha256: d.sha256,
          })),
        });
      }
      departements.sort((a, b) => collator.compare(String(a.libelle), String(b.libelle)));
    }
    return { sessions, departements };
  });

  app.get<{ Params: { id: string } }>('/:id/candidats', guard, async (request) => {
    const { state } = await readDecision(eventStore, request.params.id);
    if (state.status === 'absente')
      throw new NotFoundError('Cette décision d’admission est introuvable.');
    return state.candidats;
  });
};
