/**
 * Asking for attestations or diplomas: the candidates' results checked, the public address fixed,
 * then one `DocumentRequested` that the workers make.
 */
import {
  candidaturesCollection,
  ConflictError,
  DOCUMENT_CATEGORY,
  documentDecider,
  referenceList,
  RESULT_LABELS,
  resultsCollection,
  streamName,
  ValidationError,
  type AttestationRequest,
  type CandidatureDocument,
  type CommandContext,
  type ResultDocument,
} from '@examens-pro/domain';
import {
  handleCommand,
  newItemId,
  productOrigin,
  type CommandAnswer,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { sessionState } from '../grades/grades.js';
import {
  admittedOf,
  awaitingDeliberation,
  item,
  named,
  noSignatory,
  signatoryOf,
} from './attestationReads.js';

export const PUBLIC_URL_MISSING =
  'L’adresse publique du produit (PUBLIC_URL) n’est pas configurée : elle est imprimée pour de bon, avec le code de vérification, sur chaque attestation et chaque diplôme. Demandez à l’administrateur de la définir, puis recommencez.';

/** Whom a document is for: its target (as the workers read it), its title and its counts. */
interface Selection {
  readonly target: {
    candidatureIds?: string[];
    departementId?: string;
    zoneId?: string;
    centreDepotId?: string;
  };
  readonly libelle: string;
  readonly candidats: number;
  readonly enAttente: number;
}

/**
 * Candidates chosen one by one: each a candidate of the session (within the reader's centre),
 * deliberated, admitted, and not awaiting a new deliberation.
 */
const chosenCandidates = async (
  readStore: ReadStore,
  input: AttestationRequest & { readonly candidatureIds: readonly string[] },
  session: { readonly libelle: string },
  centreDepotId: string | null | undefined,
): Promise<Selection> => {
  const ids = [...new Set(input.candidatureIds)];
  const found = new Map(
    (await readStore.collection<ResultDocument>(resultsCollection).getMany(ids)).map((r) => [
      r.id,
      r,
    ]),
  );
  const dossiers = new Map(
    (await readStore.collection<CandidatureDocument>(candidaturesCollection).getMany(ids)).map(
      (d) => [d.id, d],
    ),
  );
  for (const id of ids) {
    const result = found.get(id);
    const dossier = dossiers.get(id);
    const outside = (centre: unknown) => Boolean(centreDepotId) && centre !== centreDepotId;
    if (
      (!result && (!dossier || dossier.sessionId !== input.sessionId)) ||
      (result && result.sessionId !== input.sessionId) ||
      outside(result?.centreDepotId ?? dossier?.centreDepotId)
    )
      throw new ValidationError(
        `Ce candidat n’est pas un candidat de la session « ${session.libelle} ».`,
        { candidatureIds: 'Candidat inconnu dans cette session.' },
      );
    if (!result)
      throw new ValidationError(
        `Le candidat ${named(dossier!)} n’a pas de résultat délibéré : son attestation et son diplôme attendent la clôture de la délibération de son jury.`,
        { candidatureIds: 'Candidat non délibéré.' },
      );
    if (result.resultat !== 'admis')
      throw new ValidationError(
        `Le candidat ${named(result)} n’est pas admis (résultat : ${RESULT_LABELS[result.resultat]}) : seuls les admis reçoivent une attestation et un diplôme.`,
        { candidatureIds: 'Candidat non admis.' },
      );
    if (result.aRedeliberer)
      throw new ConflictError(
        `Le résultat du candidat ${named(result)} attend une nouvelle délibération (une note ou son identité a changé depuis la clôture) : ses documents attendent elle aussi.`,
      );
  }
  return {
    target: { candidatureIds: ids },
    candidats: ids.length,
    enAttente: 0,
    libelle:
      ids.length === 1
        ? named(found.get(ids[0]!)!)
        : `${new Intl.NumberFormat('fr-FR').format(ids.length)} candidats`,
  };
};

/**
 * The admitted candidates of a département or a zone (within the reader's centre): refused when
 * none has a settled result.
 */
const placeCandidates = async (
  readStore: ReadStore,
  input: AttestationRequest,
  session: { readonly libelle: string },
  centreDepotId: string | null | undefined,
): Promise<Selection> => {
  const target: Selection['target'] = {};
  const [list, id, prefix] = input.departementId
    ? (['departements', input.departementId, 'Département'] as const)
    : (['zones', input.zoneId!, 'Zone'] as const);
  const place = await item(readStore, list, id);
  if (!place)
    throw new ValidationError(referenceList(list)!.notFoundMessage, {
      [list === 'zones' ? 'zoneId' : 'departementId']: referenceList(list)!.notFoundMessage,
    });
  if (input.departementId) target.departementId = id;
  else target.zoneId = id;
  // An enrôleur's document holds their centre's candidates only (the workers read it so).
  if (centreDepotId) target.centreDepotId = centreDepotId;
  const ids: string[] = [];
  for await (const doc of admittedOf(
    readStore,
    { sessionId: input.sessionId, ...target },
    centreDepotId,
  ))
    ids.push(doc.id);
  const waiting = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000)
    for (const w of await awaitingDeliberation(readStore, ids.slice(i, i + 1000))) waiting.add(w);
  const enAttente = waiting.size;
  const candidats = ids.length - enAttente;
  if (candidats === 0)
    throw new ConflictError(
      `Aucun admis ${enAttente > 0 ? 'dont le résultat est arrêté ' : ''}de la session « ${session.libelle} » dans ${list === 'zones' ? 'la zone' : 'le département'} « ${String(place.libelle ?? '')} » : rien à imprimer.`,
    );
  return { target, candidats, enAttente, libelle: `${prefix} : ${String(place.libelle ?? '')}` };
};

/** What asking for attestations works with. */
export interface AttestationRequestDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  /** The product's public address, printed in every QR code. */
  readonly publicUrl: string | undefined;
}

/**
 * Asking for attestations or diplomas (`POST /api/attestations/documents`): refused while the
 * product has no public address (printed in every QR code), without a signatory, or for a
 * candidate who is not an admitted candidate of a closed deliberation of the session; then one
 * `DocumentRequested` that the workers turn into the PDF (codes issued then, the first time).
 */
export const requestAttestations = async (
  { eventStore, readStore, publicUrl }: AttestationRequestDeps,
  input: AttestationRequest,
  context: CommandContext,
  /** A reader attached to a centre de dépôt (an enrôleur) asks for that centre's candidates only. */
  centreDepotId?: string | null,
): Promise<CommandAnswer & { candidats: number; enAttente: number }> => {
  if (!publicUrl) throw new ConflictError(PUBLIC_URL_MISSING);
  const session = await sessionState(eventStore, input.sessionId);
  if (!(await signatoryOf(readStore, input.kind))) throw noSignatory(input.kind);
  const { candidatureIds } = input;
  const { target, libelle, candidats, enAttente } = candidatureIds
    ? await chosenCandidates(readStore, { ...input, candidatureIds }, session, centreDepotId)
    : await placeCandidates(readStore, input, session, centreDepotId);
  const documentId = newItemId(context.commandId);
  const outcome = await handleCommand(eventStore, {
    stream: streamName(DOCUMENT_CATEGORY, documentId),
    decider: documentDecider,
    command: {
      type: 'RequestDocument',
      data: {
        documentId,
        kind: input.kind,
        cible: {
          sessionId: input.sessionId,
          ...target,
          adressePublique: productOrigin(publicUrl, null),
          libelle,
        },
      },
    },
    context,
  });
  return {
    id: documentId,
    revision: outcome.revision,
    position: outcome.position,
    candidats,
    enAttente,
  };
};

/** The attestations' command, by name. */
export const attestationCommands = (
  eventStore: EventStore,
  readStore: ReadStore,
  publicUrl: string | undefined,
) => ({
  request: (input: AttestationRequest, context: CommandContext, centreDepotId?: string | null) =>
    requestAttestations({ eventStore, readStore, publicUrl }, input, context, centreDepotId),
});
