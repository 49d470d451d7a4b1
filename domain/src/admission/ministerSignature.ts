/**
 * The minister's signature (« Signature du ministre »): an image deposited once, then applied
 * (« apposée ») to chosen admission decisions. One stream; each deposit is a new version that
 * becomes the current one, with the image's SHA-256 and who deposited it. The bytes are stored under
 * their SHA-256 (`image-<sha256>.png|jpg`) and never change: a decision signed with version 2 keeps
 * printing version 2's image whatever is deposited after it.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { describeHistory, type HistoryEvent } from '../history/history.js';
import { SIGNATURE_FILE } from '../reference-lists/contracts.js';

export const MINISTER_SIGNATURE_CATEGORY = 'signatures-ministre';
/** The one stream: `signatures-ministre-ministre`. */
export const MINISTER_SIGNATURE_ID = 'ministre';

export const NOT_AN_IMAGE_MESSAGE =
  'Le fichier doit être une image PNG ou JPEG (reconnue à son contenu).';

/** A deposited version of the signature, as decisions freeze it when it is applied. */
export interface SignatureVersion {
  /** 1, 2…: the deposit's rank. */
  readonly numero: number;
  /** The stored file: `image-<sha256>.png|jpg`. */
  readonly fichier: string;
  readonly sha256: string;
  readonly taille: number;
  readonly type: 'image/png' | 'image/jpeg';
  readonly deposeLe: string;
  readonly deposePar: string;
}

export type MinisterSignatureDeposited = DomainEvent<
  'MinisterSignatureDeposited',
  {
    numero: number;
    fichier: string;
    sha256: string;
    taille: number;
    type: 'image/png' | 'image/jpeg';
    /** The name of the file sent, as staff chose it. */
    nomFichier: string;
  }
>;
export type MinisterSignatureEvent = MinisterSignatureDeposited;
export const MINISTER_SIGNATURE_EVENT_TYPES: readonly MinisterSignatureEvent['type'][] = [
  'MinisterSignatureDeposited',
];

export type MinisterSignatureCommand = {
  type: 'DepositMinisterSignature';
  data: {
    fichier: string;
    sha256: string;
    taille: number;
    type: 'image/png' | 'image/jpeg';
    nomFichier: string;
  };
};

export interface MinisterSignatureState {
  /** The current version's rank (0: none deposited). */
  readonly numero: number;
  readonly sha256: string | null;
}

export const decideMinisterSignature = (
  command: MinisterSignatureCommand,
  state: MinisterSignatureState,
): MinisterSignatureEvent[] => {
  switch (command.type) {
    case 'DepositMinisterSignature': {
      const { fichier, sha256 } = command.data;
      if (!SIGNATURE_FILE.test(fichier) || !/^[a-f0-9]{64}$/.test(sha256))
        throw new ValidationError(NOT_AN_IMAGE_MESSAGE, { fichier: NOT_AN_IMAGE_MESSAGE });
      // The same image again is no new version.
      if (state.sha256 === sha256) return [];
      return [
        {
          type: 'MinisterSignatureDeposited',
          data: { ...command.data, numero: state.numero + 1 },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
};

export const evolveMinisterSignature = (
  state: MinisterSignatureState,
  event: MinisterSignatureEvent,
): MinisterSignatureState => {
  switch (event.type) {
    case 'MinisterSignatureDeposited':
      return { numero: event.data.numero, sha256: event.data.sha256 };
    default:
      return assertNever(event.type);
  }
};

export const ministerSignatureDecider: Decider<
  MinisterSignatureCommand,
  MinisterSignatureEvent,
  MinisterSignatureState
> = {
  decide: decideMinisterSignature,
  evolve: evolveMinisterSignature,
  initialState: () => ({ numero: 0, sha256: null }),
};

/** The version a deposit event makes (with who deposited it, and when). */
export const signatureVersionOf = (
  event: RecordedEvent<MinisterSignatureDeposited> | RecordedEvent,
): SignatureVersion => {
  const data = (event as RecordedEvent<MinisterSignatureDeposited>).data;
  return {
    numero: data.numero,
    fichier: data.fichier,
    sha256: data.sha256,
    taille: data.taille,
    type: data.type,
    deposeLe: event.metadata.at,
    deposePar: event.metadata.actor.name,
  };
};

// ---------------------------------------------------------------------------------------------
// Read side: one document (`ministre`), the current version and every deposit, newest first.

export interface SignatureDocument extends ReadModelDocument, SignatureVersion {
  nomFichier: string;
  versions: (SignatureVersion & { nomFichier: string })[];
}

export const ministerSignaturesCollection: CollectionDefinition = {
  name: 'signatures_ministre',
  fields: { numero: 'number', deposeLe: 'string' },
  searchFields: ['deposePar', 'nomFichier'],
  defaultSort: { field: 'deposeLe', order: 'DESC' },
};
export const MINISTER_SIGNATURES_PROJECTION = 'signatures-ministre';

/** The document after a deposit. */
export const signatureDocumentAfter = (
  current: SignatureDocument | null,
  event: RecordedEvent,
): SignatureDocument => {
  const deposit = event as RecordedEvent<MinisterSignatureDeposited>;
  const version = { ...signatureVersionOf(deposit), nomFichier: deposit.data.nomFichier };
  return {
    id: MINISTER_SIGNATURE_ID,
    version: event.revision,
    ...version,
    versions: [version, ...(current?.versions ?? []).filter((v) => v.numero !== version.numero)],
  };
};

const ministerSignatureHistory = (events: readonly HistoryEvent[]) =>
  describeHistory<Record<string, unknown>>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as MinisterSignatureEvent;
      switch (e.type) {
        case 'MinisterSignatureDeposited':
          return {
            ...state,
            version: String(e.data.numero),
            fichier: e.data.nomFichier,
            empreinte: e.data.sha256,
          };
        default:
          return state;
      }
    },
    actions: { MinisterSignatureDeposited: 'Dépôt de la signature' },
    fields: { version: 'Version', fichier: 'Fichier', empreinte: 'Empreinte SHA-256' },
  });

/** « Signature du ministre »: the deposits, newest first (`POST /api/signatures-ministre` deposits). */
export const ministerSignaturesResource: ResourceDefinition = {
  name: 'signatures-ministre',
  collection: ministerSignaturesCollection,
  projections: [MINISTER_SIGNATURES_PROJECTION],
  category: MINISTER_SIGNATURE_CATEGORY,
  label: 'signature du ministre',
  notFoundMessage: 'Cette version de la signature du ministre est introuvable.',
  history: ministerSignatureHistory,
};
