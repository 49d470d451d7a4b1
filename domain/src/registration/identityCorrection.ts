/**
 * « Gestion des contentieux »: a candidate's identity corrected after the exam. The seed's name
 * rules (§5) apply to the corrected identity; a justification and a document proving it are
 * required. The correction is an event of the dossier (`CandidatureIdentityCorrected`); its history
 * is one line per correction, read here.
 */
import { isIsoDate } from '../reference-lists/contracts.js';
import type { CommandContext, RecordedEvent } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import { utcDay } from '../core/time.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import type { HistoryEntry } from '../history/history.js';
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_FIELDS,
  type CandidatureIdentityCorrected,
  type CandidatureValues,
  type PieceFile,
} from './candidature.js';
import { candidaturesResource } from './contracts.js';
import { CORRECTABLE_IDENTITY_FIELDS, isAbbreviatedName, storedName } from './identity.js';
import { LIST_MESSAGES } from './personList.js';

export const IDENTITY_CORRECTIONS_RESOURCE = 'corrections-identite';
export const IDENTITY_CORRECTIONS_PROJECTION = 'corrections-identite';

/** The stored name of a correction's document: `identite-<sha256>.<ext>`. */
export const IDENTITY_DOCUMENT_PREFIX = 'identite';
export const IDENTITY_DOCUMENT_FILE = /^identite-[a-f0-9]{64}\.(pdf|png|jpg)$/;

export const IDENTITY_MESSAGES = {
  sexe: LIST_MESSAGES.sexe,
  noms: LIST_MESSAGES.noms,
  abreviation: LIST_MESSAGES.abreviation,
  nationalite: LIST_MESSAGES.nationalite,
  lieuNaissance: 'Le lieu de naissance est obligatoire.',
  dateNaissance: 'La date de naissance est obligatoire et au format JJ/MM/AAAA.',
  dateFuture: 'La date de naissance doit être passée.',
  justification: 'Justifiez la correction (10 caractères au moins).',
  justificationLongue: 'La justification compte au plus 1 000 caractères.',
  document: 'Joignez le document qui justifie la correction (PDF, JPEG ou PNG).',
} as const;

const JUSTIFICATION_MIN = 10;
export const JUSTIFICATION_MAX = 1000;

/** What POST /api/candidatures/:id/correction-identite carries, parsed. */
export interface IdentityCorrectionInput {
  readonly identite: CandidatureValues;
  readonly justification: string;
  /** The document sent before (`POST …/correction-identite/document`): its stored name. */
  readonly document: { readonly fichier: string; readonly nomFichier: string };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The body of a correction: the whole identity (nom, prénoms, sexe, date and lieu de naissance,
 * nationalité), checked with the seed's rules and messages (§5: sex M or F, names required and
 * unabbreviated, nationality required; born before the day of the command's instant `now`), names
 * stored cleaned and capitalised; the justification; the document sent before. Every offending
 * field at once, the seed's order giving the headline.
 */
export const parseIdentityCorrection = (
  body: unknown,
  { now }: Pick<CommandContext, 'now'>,
): IdentityCorrectionInput => {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const sexe = text(raw.sexe);
  if (sexe !== 'M' && sexe !== 'F') errors.sexe = IDENTITY_MESSAGES.sexe;
  for (const field of ['nom', 'prenoms'] as const) {
    const value = text(raw[field]);
    if (value === '') errors[field] = IDENTITY_MESSAGES.noms;
    else if (isAbbreviatedName(value) || !/\p{L}/u.test(storedName(value)))
      errors[field] = IDENTITY_MESSAGES.abreviation;
    else if (value.length > 100) errors[field] = 'Un nom compte au plus 100 caractères.';
  }
  if (text(raw.nationalite) === '') errors.nationalite = IDENTITY_MESSAGES.nationalite;
  if (text(raw.lieuNaissance) === '') errors.lieuNaissance = IDENTITY_MESSAGES.lieuNaissance;
  for (const field of ['nationalite', 'lieuNaissance'] as const)
    if (!errors[field] && text(raw[field]).length > 500)
      errors[field] = 'Ce champ compte au plus 500 caractères.';
  const born = text(raw.dateNaissance);
  if (!isIsoDate(born)) errors.dateNaissance = IDENTITY_MESSAGES.dateNaissance;
  else if (born >= utcDay(now)) errors.dateNaissance = IDENTITY_MESSAGES.dateFuture;
  const justification = text(raw.justification);
  if (justification.length < JUSTIFICATION_MIN)
    errors.justification = IDENTITY_MESSAGES.justification;
  else if (justification.length > JUSTIFICATION_MAX)
    errors.justification = IDENTITY_MESSAGES.justificationLongue;
  const document = (raw.document && typeof raw.document === 'object' ? raw.document : {}) as Record<
    string,
    unknown
  >;
  const fichier = text(document.fichier);
  if (!IDENTITY_DOCUMENT_FILE.test(fichier)) errors.document = IDENTITY_MESSAGES.document;
  const unknown = Object.keys(raw).filter(
    (key) =>
      !(CORRECTABLE_IDENTITY_FIELDS as readonly string[]).includes(key) &&
      key !== 'justification' &&
      key !== 'document',
  );
  if (unknown.length > 0) errors._ = `Champ inconnu : ${unknown.join(', ')}.`;
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return {
    identite: {
      nom: storedName(text(raw.nom)),
      prenoms: storedName(text(raw.prenoms)),
      sexe,
      dateNaissance: born,
      lieuNaissance: text(raw.lieuNaissance),
      nationalite: text(raw.nationalite),
    },
    justification,
    document: { fichier, nomFichier: text(document.nomFichier) },
  };
};

/** One line of « Historique des modifications des identités »: one correction. */
export interface IdentityCorrectionDocument extends ReadModelDocument {
  candidatureId: string;
  numeroDossier: string;
  numeroCandidat: string | null;
  sessionId: string;
  centreDepotId: string;
  /** « Nom Prénoms » after the correction. */
  libelle: string;
  date: string;
  acteurId: string;
  acteur: string;
  justification: string;
  document: PieceFile;
  /** Each field corrected, before → after, as a dossier's history shows it. */
  changes: HistoryEntry['changes'];
}

export const identityCorrectionsCollection: CollectionDefinition = {
  name: 'corrections_identite',
  fields: {
    candidatureId: 'string',
    numeroDossier: 'string',
    numeroCandidat: 'string',
    sessionId: 'string',
    centreDepotId: 'string',
    libelle: 'string',
    date: 'string',
    acteurId: 'string',
    acteur: 'string',
  },
  searchFields: ['numeroDossier', 'numeroCandidat', 'libelle', 'justification'],
  defaultSort: { field: 'date', order: 'DESC' },
};

const LABELS = new Map(CANDIDATURE_FIELDS.map((f) => [f.name, f.label]));

/** The line of one correction, from its event alone (a redelivery writes the same line). */
export const identityCorrectionDocument = (
  recorded: RecordedEvent<CandidatureIdentityCorrected>,
): IdentityCorrectionDocument => {
  const { data, metadata } = recorded;
  return {
    id: recorded.id,
    version: recorded.revision,
    candidatureId: data.candidatureId,
    numeroDossier: data.numeroDossier,
    numeroCandidat: data.numeroCandidat,
    sessionId: data.sessionId,
    centreDepotId: data.centreDepotId,
    libelle: data.candidat,
    date: metadata.at,
    acteurId: metadata.actor.id,
    acteur: metadata.actor.name,
    justification: data.justification,
    document: data.document,
    changes: CORRECTABLE_IDENTITY_FIELDS.filter((field) => field in data.apres).map((field) => ({
      field,
      label: LABELS.get(field) ?? field,
      before: data.avant[field] ?? null,
      after: data.apres[field] ?? null,
    })),
  };
};

/**
 * « Historique des modifications des identités »: read-only, kept per centre de dépôt like the
 * dossiers; the sexe shown by its label.
 */
export const identityCorrectionsResource: ResourceDefinition = {
  name: IDENTITY_CORRECTIONS_RESOURCE,
  collection: identityCorrectionsCollection,
  projections: [IDENTITY_CORRECTIONS_PROJECTION],
  category: CANDIDATURE_CATEGORY,
  label: 'correction d’identité',
  notFoundMessage: 'Cette correction d’identité est introuvable.',
  readOnly: true,
  scopedBy: 'centreDepotId',
  changesOf: candidaturesResource.fields,
  distinct: { acteurs: { field: 'acteurId', label: 'acteur' } },
};
