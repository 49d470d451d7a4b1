/**
 * The read side of attestations: one document per deliberated candidate (`attestations`), made from
 * the frozen results of the closed deliberations (identity, métier, average, the arrêté) and from the
 * attestation's own events (its verification code, when and by whom it was issued, how many times
 * each document was printed). The admitted ones are the list « Attestations : candidats » and the
 * source of the documents; the public page `/diplomes` finds a candidate by code here.
 */
import { z } from 'zod';
import type { RecordedEvent } from '../core/envelope.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import {
  ATTESTATION_CATEGORY,
  ATTESTATION_KINDS,
  MAX_CHOSEN_CANDIDATES,
  type AttestationKind,
  type AttestationEvent,
  type AttestationPrintEvent,
} from './attestation.js';
import type { DeliberationEvent, FrozenResult } from '../deliberation/deliberation.js';
import {
  totalVerifications,
  verificationCountAfter,
  verificationsAfter,
  type DailyVerifications,
  type VerificationEvent,
} from './verifications.js';

export interface AttestationDocument extends ReadModelDocument {
  candidatureId: string;
  sessionId: string;
  juryId: string;
  numeroDossier: string;
  numeroCandidat: string;
  nom: string;
  prenoms: string;
  sexe: string;
  dateNaissance: string;
  lieuNaissance: string;
  metierId: string;
  centreDepotId: string;
  centreExamenId: string;
  /** Of the candidate's centre de dépôt, as frozen. */
  departementId: string;
  zoneId: string;
  moyenne: number | null;
  rang: number | null;
  numeroArrete: string;
  dateArrete: string;
  /** When the jury's deliberation was closed (its results frozen), ISO 8601; `/diplomes` shows its day. */
  delibereLe: string;
  /** The result that counts now (frozen, or re-deliberated) is « Admis ». */
  admis: boolean;
  /** The verification code (canonical), once issued; never changes. */
  code: string | null;
  /** The address its QR code carries. */
  adresse: string | null;
  emiseLe: string | null;
  emisePar: string | null;
  /** Printed at least once (an attestation or a diploma). */
  generee: boolean;
  /** The generated documents that printed its attestation, its diploma (ids, oldest first). */
  attestations: string[];
  diplomes: string[];
  tirages: number;
  tiragesDiplome: number;
  dernierTirageLe: string | null;
  dernierTiragePar: string | null;
  /** Its public verifications (`/diplomes`), per day, the most recent first; and their total. */
  verifications: DailyVerifications[];
  verificationsTotal: number;
  modifieLe: string;
  modifiePar: string;
}

export const attestationsCollection: CollectionDefinition = {
  name: 'attestations',
  fields: {
    candidatureId: 'string',
    sessionId: 'string',
    juryId: 'string',
    numeroCandidat: 'string',
    numeroDossier: 'string',
    nom: 'string',
    prenoms: 'string',
    sexe: 'string',
    metierId: 'string',
    centreDepotId: 'string',
    centreExamenId: 'string',
    departementId: 'string',
    zoneId: 'string',
    moyenne: 'number',
    rang: 'number',
    admis: 'boolean',
    code: 'string',
    generee: 'boolean',
    tirages: 'number',
    tiragesDiplome: 'number',
    verificationsTotal: 'number',
    emiseLe: 'string',
    dernierTirageLe: 'string',
  },
  searchFields: ['numeroCandidat', 'numeroDossier', 'nom', 'prenoms', 'code'],
  defaultSort: { field: 'nom', order: 'ASC' },
};
export const ATTESTATIONS_PROJECTION = 'attestations';

/** Pages of a document, in this order: by name, then candidate number. */
export const ATTESTATION_ORDER = [
  { field: 'nom', order: 'ASC' },
  { field: 'prenoms', order: 'ASC' },
  { field: 'numeroCandidat', order: 'ASC' },
] as const;

/** The events the projection reads: the deliberations' results and the attestations' own. */
export const ATTESTATION_PROJECTION_EVENT_TYPES = [
  'DeliberationResultsFrozen',
  'CandidateRedeliberated',
  'AttestationIssued',
  'AttestationsPrinted',
  'AttestationVerified',
] as const;

const stampOf = (event: RecordedEvent) => ({
  version: event.revision,
  modifieLe: event.metadata.at,
  modifiePar: event.metadata.actor.name,
});

/** A frozen result as the attestation shows it, over what the candidate's document already holds. */
const fromResult = (
  result: FrozenResult,
  keys: { sessionId: string; juryId: string; numeroArrete: string; dateArrete: string },
  current: AttestationDocument | null,
  event: RecordedEvent,
): AttestationDocument => ({
  id: result.candidatureId,
  candidatureId: result.candidatureId,
  sessionId: keys.sessionId,
  juryId: keys.juryId,
  numeroDossier: result.numeroDossier,
  numeroCandidat: result.numeroCandidat,
  nom: result.nom,
  prenoms: result.prenoms,
  sexe: result.sexe,
  dateNaissance: result.dateNaissance,
  lieuNaissance: result.lieuNaissance,
  metierId: result.metierId,
  centreDepotId: result.centreDepotId,
  centreExamenId: result.centreExamenId,
  departementId: result.departementId,
  zoneId: result.zoneId,
  moyenne: result.moyenne,
  rang: result.rang,
  numeroArrete: keys.numeroArrete,
  dateArrete: keys.dateArrete,
  // A re-deliberation keeps the closing's day: the candidate was deliberated then.
  delibereLe: current?.delibereLe ?? event.metadata.at,
  admis: result.resultat === 'admis',
  code: current?.code ?? null,
  adresse: current?.adresse ?? null,
  emiseLe: current?.emiseLe ?? null,
  emisePar: current?.emisePar ?? null,
  generee: current?.generee ?? false,
  attestations: current?.attestations ?? [],
  diplomes: current?.diplomes ?? [],
  tirages: current?.tirages ?? 0,
  tiragesDiplome: current?.tiragesDiplome ?? 0,
  dernierTirageLe: current?.dernierTirageLe ?? null,
  dernierTiragePar: current?.dernierTiragePar ?? null,
  verifications: current?.verifications ?? [],
  verificationsTotal: current?.verificationsTotal ?? 0,
  ...stampOf(event),
});

/** The candidates an event of the projection names (to read their documents first). */
export const attestationCandidatesOf = (recorded: RecordedEvent): string[] => {
  const event = recorded as unknown as RecordedEvent<
    DeliberationEvent | AttestationEvent | AttestationPrintEvent | VerificationEvent
  >;
  switch (event.type) {
    case 'DeliberationResultsFrozen':
      return event.data.resultats.map((r) => r.candidatureId);
    case 'CandidateRedeliberated':
      return [event.data.candidatureId, ...event.data.rangs.map((r) => r.candidatureId)];
    case 'AttestationIssued':
      return [event.data.candidatureId];
    case 'AttestationsPrinted':
      return event.data.candidatureIds;
    case 'AttestationVerified':
      return [event.data.candidatureId];
    default:
      return [];
  }
};

/**
 * The documents an event makes anew, from the stored ones (`current`). Every change is idempotent:
 * a redelivered event sets the same values, and a print is counted once per document.
 */
export const attestationDocumentsAfter = (
  recorded: RecordedEvent,
  current: (candidatureId: string) => AttestationDocument | null,
): AttestationDocument[] => {
  const event = recorded as unknown as RecordedEvent<
    DeliberationEvent | AttestationEvent | AttestationPrintEvent | VerificationEvent
  >;
  switch (event.type) {
    case 'DeliberationResultsFrozen': {
      const { sessionId, juryId, numeroArrete, dateArrete } = event.data;
      return event.data.resultats.map((r) =>
        fromResult(
          r,
          { sessionId, juryId, numeroArrete, dateArrete },
          current(r.candidatureId),
          event,
        ),
      );
    }
    case 'CandidateRedeliberated': {
      const before = current(event.data.candidatureId);
      // A candidate is re-deliberated only after their jury's results were frozen.
      if (!before) return [];
      const changed = fromResult(event.data.apres, before, before, event);
      const ranks = event.data.rangs.flatMap(({ candidatureId, rang }) => {
        const doc = current(candidatureId);
        return doc ? [{ ...doc, rang, ...stampOf(event) }] : [];
      });
      return [changed, ...ranks];
    }
    case 'AttestationIssued': {
      const doc = current(event.data.candidatureId);
      if (!doc) return [];
      return [
        {
          ...doc,
          code: event.data.code,
          adresse: event.data.adresse,
          emiseLe: event.metadata.at,
          emisePar: event.metadata.actor.name,
          ...stampOf(event),
        },
      ];
    }
    case 'AttestationsPrinted': {
      const { documentId, kind } = event.data;
      return event.data.candidatureIds.flatMap((id) => {
        const doc = current(id);
        if (!doc) return [];
        const printed = kind === 'diplomes' ? doc.diplomes : doc.attestations;
        if (printed.includes(documentId)) return [];
        const next = [...printed, documentId];
        return [
          {
            ...doc,
            ...(kind === 'diplomes'
              ? { diplomes: next, tiragesDiplome: next.length }
              : { attestations: next, tirages: next.length }),
            generee: true,
            dernierTirageLe: event.metadata.at,
            dernierTiragePar: event.metadata.actor.name,
            ...stampOf(event),
          },
        ];
      });
    }
    case 'AttestationVerified': {
      const doc = current(event.data.candidatureId);
      if (!doc) return [];
      const verifications = verificationsAfter(
        doc.verifications ?? [],
        event.data.jour,
        verificationCountAfter(event),
      );
      // Not the document's stamp: a verification is no change of the attestation.
      return [{ ...doc, verifications, verificationsTotal: totalVerifications(verifications) }];
    }
    default:
      return [];
  }
};

/** « Attestations : candidats »: the deliberated candidates (the route shows the admitted ones). */
export const attestationsResource: ResourceDefinition = {
  name: 'attestations',
  collection: attestationsCollection,
  projections: [ATTESTATIONS_PROJECTION],
  category: ATTESTATION_CATEGORY,
  label: 'attestation',
  notFoundMessage: 'Ce candidat n’est pas un admis d’une délibération close.',
  // Its commands are the documents' (`POST /api/attestations/documents`), not a record's.
  readOnly: true,
  scopedBy: 'centreDepotId',
  fields: [
    { name: 'sessionId', type: 'reference', reference: 'sessions' },
    { name: 'metierId', type: 'reference', reference: 'metiers' },
    { name: 'departementId', type: 'reference', reference: 'departements' },
    { name: 'zoneId', type: 'reference', reference: 'zones' },
  ],
};

const CHOOSE_SESSION = 'Choisissez la session.';
const TARGET =
  'Choisissez les candidats, un département ou une zone (un seul des trois) pour ces documents.';
const ref = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(100, { error: message });

/**
 * `POST /api/attestations/documents`: the attestations or diplomas of a session's admitted
 * candidates, for chosen candidates (at most 1,000), a département or a zone (one PDF).
 */
export const attestationRequestSchema = z
  .strictObject(
    {
      kind: z.enum(ATTESTATION_KINDS as [AttestationKind, ...AttestationKind[]], {
        error: 'Choisissez le document : attestations ou diplômes.',
      }),
      sessionId: ref(CHOOSE_SESSION),
      candidatureIds: z
        .array(ref('Candidat inconnu.'), { error: 'Choisissez au moins un candidat.' })
        .min(1, { error: 'Choisissez au moins un candidat.' })
        .max(MAX_CHOSEN_CANDIDATES, {
          error: `Choisissez au plus ${new Intl.NumberFormat('fr-FR').format(MAX_CHOSEN_CANDIDATES)} candidats : au-delà, téléchargez par département ou par zone.`,
        })
        .optional(),
      departementId: ref('Choisissez le département.').optional(),
      zoneId: ref('Choisissez la zone.').optional(),
    },
    { error: 'Demande de documents invalide.' },
  )
  .superRefine((request, context) => {
    const chosen = [request.candidatureIds, request.departementId, request.zoneId].filter(
      (v) => v !== undefined,
    ).length;
    if (chosen !== 1) context.addIssue({ code: 'custom', path: ['cible'], message: TARGET });
  });
export type AttestationRequest = z.output<typeof attestationRequestSchema>;
