/**
 * One manifest per aggregate: what the services, the read side and the screens need to know of it,
 * declared once, beside the lists-as-data. The usage rules ("in use, cannot be deleted"), the read
 * rights of whoever chooses from a resource, the "choose an active item" checks and the read
 * resources are derived from these declarations; nothing else lists aggregates by hand.
 *
 * A reference list is an aggregate too: every list of `REFERENCE_LISTS` gets its manifest from its
 * field declarations, so a new list is one entry there.
 */
import { profileDecider, type Profile, type ProfileEvent } from '../accounts/profile.js';
import { userDecider, type User, type UserEvent } from '../accounts/user.js';
import { enrolersResource, profilesResource, usersResource } from '../accounts/contracts.js';
import { signInJournalResource } from '../accounts/signInJournal.js';
import { listItemDecider, type ListItem, type ListItemEvent } from '../reference-lists/item.js';
import { REFERENCE_LISTS, type ReferenceListDefinition } from '../reference-lists/lists.js';
import { listResource } from '../reference-lists/contracts.js';
import {
  sessionDecider,
  sessionReferencesResource,
  sessionsResource,
  type Session,
  type SessionEvent,
} from '../sessions/session.js';
import { fold, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import type { ResourceDefinition } from '../core/readModels.js';
import { categoryOf } from '../core/streams.js';
import { documentsResource } from '../documents/contracts.js';
import type { ReferenceRule } from '../usage/references.js';
import { CANDIDATURE_CATEGORY, CANDIDATURE_FIELDS } from '../registration/candidature.js';
import {
  candidaturesResource,
  examListResource,
  inscritsResource,
} from '../registration/contracts.js';
import { candidatureChangesResource } from '../registration/changes.js';
import { identityCorrectionsResource } from '../registration/identityCorrection.js';
import {
  PERSON_LIST_CATEGORY,
  personListsResource,
} from '../registration/personListApplication.js';
import { ALLOCATION_RUN_CATEGORY, allocationRunsResource } from '../allocation/allocation.js';
import {
  PAYMENT_STATEMENT_CATEGORY,
  paymentStatementsResource,
} from '../payments/paymentStatement.js';
import {
  BULK_CATEGORY,
  bulkResource,
  bulkResultsResource,
} from '../registration/candidatureBulk.js';
import {
  INCIDENT_CATEGORY,
  incidentsResource,
  myIncidentsResource,
} from '../incidents/registrationIncident.js';
import { EXAM_INCIDENT_CATEGORY, examIncidentsResource } from '../incidents/examIncident.js';
import { GRADE_SETTINGS_CATEGORY, gradeSettingsResource } from '../grades/gradeSettings.js';
import { GRADE_SHEET_CATEGORY } from '../grades/gradeSheet.js';
import {
  disputeGradeHistoryResource,
  gradeHistoryResource,
  marksResource,
} from '../grades/gradeContracts.js';
import { DELIBERATION_CATEGORY } from '../deliberation/deliberation.js';
import { deliberationsResource, resultsResource } from '../deliberation/deliberationContracts.js';
import { ATTESTATION_CATEGORY, ATTESTATION_PRINT_CATEGORY } from '../certificates/attestation.js';
import { attestationsResource } from '../certificates/attestationContracts.js';
import { VERIFICATION_CATEGORY } from '../certificates/verifications.js';
import { DECISION_CATEGORY } from '../admission/admissionDecision.js';
import { ONLINE_PAYMENT_CATEGORY } from '../payments/onlinePayment.js';
import { decisionsResource } from '../admission/admissionDecisionContracts.js';
import {
  MINISTER_SIGNATURE_CATEGORY,
  ministerSignaturesResource,
} from '../admission/ministerSignature.js';
import { PV_ARCHIVE_CATEGORY, pvArchivesResource } from '../deliberation/minutes.js';
import {
  RESULTS_VISIBILITY_CATEGORY,
  resultsVisibilityResource,
} from '../public-results/resultsVisibility.js';

/** A field of an aggregate naming one item (or several) of another resource. */
export interface ReferenceDeclaration {
  /** Field of the events' data (for a list: of its `values`) holding the id, or the ids. */
  readonly field: string;
  /** The referenced resource: a list, `metiers`, `sessions`, `profils`… */
  readonly resource: string;
  readonly many?: boolean;
  /**
   * The read resources of this aggregate whose forms choose it (default: all of them): whoever may
   * read those may read the referenced resource, to fill the dropdown.
   */
  readonly chosenOn?: readonly string[];
}

export interface AggregateManifest {
  /** Stream category: streams `<category>-<id>`. */
  readonly category: string;
  /** French name of the aggregate, for the errors of the checks (docs/how-to-add.md). */
  readonly label: string;
  /**
   * Its read resources (`/api/<name>`), with collection, projections and history. Several for one
   * aggregate where screens show parts of it (users and enrôleurs).
   */
  readonly resources: readonly ResourceDefinition[];
  /** Whether staff write it through command routes (`/api/<resource>`); false: written elsewhere. */
  readonly commands: boolean;
  readonly references: readonly ReferenceDeclaration[];
  /** Events whose data carry every reference field's current value (creation, modification). */
  readonly referenceEvents: readonly string[];
  /** Events after which the item references nothing any more (deletion). */
  readonly removalEvents: readonly string[];
  /** Where reference fields are read in an event's data (lists keep them in `values`). */
  readonly valuesOf?: (data: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Whether an item, folded from its own stream, may be chosen by another aggregate now (an active
   * item, a session not yet closed). Absent: the aggregate is never referenced.
   */
  readonly choosable?: (events: readonly DomainEvent[]) => boolean;
  /** Kinds of documents (PDF) made from it. */
  readonly documents?: readonly string[];
}

const folded =
  <E extends DomainEvent, S>(
    decider: Pick<Decider<never, E, S>, 'evolve' | 'initialState'>,
    test: (state: S) => boolean,
  ) =>
  (events: readonly DomainEvent[]): boolean =>
    test(fold(decider, events as readonly E[]));

/** The manifest of one reference list, from its field declarations. */
export const listManifest = (list: ReferenceListDefinition): AggregateManifest => ({
  category: list.name,
  label: list.label,
  resources: [listResource(list)],
  commands: !list.readOnly,
  references: list.fields
    .filter((f) => (f.type === 'reference' || f.type === 'references') && f.reference)
    .map((f) => ({
      field: f.name,
      resource: f.reference!,
      ...(f.type === 'references' ? { many: true } : {}),
    })),
  referenceEvents: ['ListItemCreated', 'ListItemModified'],
  removalEvents: ['ListItemDeleted'],
  valuesOf: (data) => (data.values ?? {}) as Record<string, unknown>,
  choosable: folded<ListItemEvent, ListItem>(
    listItemDecider,
    (item) => item.status === 'actif' && item.list === list.name,
  ),
  ...(list.documents ? { documents: list.documents } : {}),
});

export const AGGREGATES: readonly AggregateManifest[] = [
  {
    category: 'sessions',
    label: 'Sessions',
    resources: [sessionsResource, sessionReferencesResource],
    commands: true,
    references: [{ field: 'examenId', resource: 'examens' }],
    referenceEvents: ['SessionCreated', 'SessionModified'],
    removalEvents: [],
    choosable: folded<SessionEvent, Session>(
      sessionDecider,
      (s) => s.status === 'present' && s.statut !== 'cloturee',
    ),
  },
  {
    category: 'utilisateurs',
    label: 'Utilisateurs',
    resources: [usersResource, enrolersResource],
    commands: true,
    references: [
      // Both screens show the user's profile by name.
      { field: 'profilId', resource: 'profils' },
      // An enrôleur keeps their centre de dépôt in use.
      { field: 'centreDepotId', resource: 'centres-depot', chosenOn: ['enroleurs'] },
    ],
    referenceEvents: ['UserCreated', 'UserModified'],
    removalEvents: [],
    choosable: folded<UserEvent, User>(userDecider, (u) => u.status === 'actif'),
  },
  {
    category: 'profils',
    label: 'Profils',
    resources: [profilesResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
    choosable: folded<ProfileEvent, Profile>(profileDecider, (p) => p.status === 'actif'),
  },
  {
    category: 'documents',
    label: 'Documents',
    resources: [documentsResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // Written by the sign-in service, read under "Consulter le journal des connexions".
    category: 'journal-connexions',
    label: 'Journal des connexions',
    resources: [signInJournalResource],
    commands: false,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // One person registered for one session, in one métier, through one centre de dépôt.
    category: CANDIDATURE_CATEGORY,
    label: 'Candidatures',
    resources: [
      candidaturesResource,
      inscritsResource,
      examListResource,
      candidatureChangesResource,
      identityCorrectionsResource,
    ],
    commands: true,
    references: [
      ...CANDIDATURE_FIELDS.filter((f) => f.type === 'reference' && f.reference).map((f) => ({
        field: f.name,
        resource: f.reference!,
      })),
      // Chosen when a dossier or one of its pièces is rejected (the creation never names one).
      { field: 'motifRejetId', resource: 'motifs-rejet' },
      // The site an allocation gives (read by whoever reads the dossiers, to name it).
      { field: 'siteId', resource: 'sites-composition' },
      // The exam lists are chosen per centre d'examen too (« Téléchargement des listes »).
      { field: 'centreExamenId', resource: 'centres-examen', chosenOn: ['liste-examen'] },
    ],
    referenceEvents: ['CandidatureCreated', 'CandidatureModified'],
    removalEvents: ['CandidatureDeleted'],
    valuesOf: (data) => ({
      sessionId: data.sessionId,
      metierId: data.metierId,
      centreDepotId: data.centreDepotId,
      ...((data.values ?? {}) as Record<string, unknown>),
    }),
  },
  {
    // A list of agents applied to a session (`POST /api/listes-candidats`): its dossiers are the
    // candidatures' (created by the lists' reactor); the list itself references nothing it keeps.
    category: PERSON_LIST_CATEGORY,
    label: 'Listes de candidats',
    resources: [personListsResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // A bank or mobile-money statement previewed for a session (`POST /api/releves-paiement`): its
    // payments are the candidatures' (`PaymentRecorded`), applied all or nothing.
    category: PAYMENT_STATEMENT_CATEGORY,
    label: 'Relevés de paiements',
    resources: [paymentStatementsResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // An automatic allocation of a session (`POST /api/affectations-automatiques`): its seats are
    // the candidatures' (placed by the allocation reactor); the run keeps its progress.
    category: ALLOCATION_RUN_CATEGORY,
    label: 'Affectations automatiques',
    resources: [allocationRunsResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // An action in bulk on dossiers (`POST /api/lots-candidatures`): each dossier's events are the
    // candidatures' (written by the same handlers as by hand); the run keeps its progress and outcomes.
    category: BULK_CATEGORY,
    label: 'Actions groupées sur les dossiers',
    resources: [bulkResource, bulkResultsResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // A registration incident: recorded by staff, followed to résolu or rejeté.
    category: INCIDENT_CATEGORY,
    label: 'Incidents d’inscription',
    resources: [incidentsResource, myIncidentsResource],
    commands: true,
    references: [{ field: 'typeId', resource: 'types-incidents' }],
    referenceEvents: ['IncidentRecorded'],
    removalEvents: ['IncidentDeleted'],
  },
  {
    // An exam incident: at a site and an épreuve of a session, followed to résolu or rejeté.
    category: EXAM_INCIDENT_CATEGORY,
    label: 'Incidents d’examen',
    resources: [examIncidentsResource],
    commands: true,
    references: [
      { field: 'sessionId', resource: 'sessions' },
      { field: 'siteId', resource: 'sites-composition' },
      { field: 'epreuveId', resource: 'epreuves' },
      { field: 'typeId', resource: 'types-incidents-examen' },
    ],
    referenceEvents: ['IncidentRecorded'],
    removalEvents: ['IncidentDeleted'],
  },
  {
    // How a session's grades are entered: its windows and the double-entry rule (one per session).
    category: GRADE_SETTINGS_CATEGORY,
    label: 'Configurations des notes',
    resources: [gradeSettingsResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // A grade sheet: one site at one épreuve of a session, its presences and marks.
    category: GRADE_SHEET_CATEGORY,
    label: 'Feuilles de notes',
    resources: [marksResource, gradeHistoryResource, disputeGradeHistoryResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // A jury's deliberation: its overrides, its frozen results, its re-deliberations (one per jury).
    category: DELIBERATION_CATEGORY,
    label: 'Délibérations',
    resources: [deliberationsResource, resultsResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // A jury's PV for one centre d'examen, archived version after version (never overwritten).
    category: PV_ARCHIVE_CATEGORY,
    label: 'Archives des procès-verbaux',
    resources: [pvArchivesResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // Whether a session's results show on the public lookup, with or without the average.
    category: RESULTS_VISIBILITY_CATEGORY,
    label: 'Visibilité des résultats',
    resources: [resultsVisibilityResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // The minister's signature: each deposit a new version (its image stored under its SHA-256).
    category: MINISTER_SIGNATURE_CATEGORY,
    label: 'Signature du ministre',
    resources: [ministerSignaturesResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // A département's admission decision in a session, version after version; signed, immutable.
    category: DECISION_CATEGORY,
    label: 'Décisions d’admission',
    resources: [decisionsResource],
    commands: true,
    references: [],
    referenceEvents: [],
    removalEvents: [],
    documents: ['decision-admission'],
  },
  {
    // A candidate's attestation: its verification code, issued once by the workers when one of the
    // candidate's documents is first asked for (one stream per candidature); read together with the
    // frozen results it is made of.
    category: ATTESTATION_CATEGORY,
    label: 'Attestations',
    resources: [attestationsResource],
    commands: false,
    // Read by the list's filters (sessions, métiers), never counted as uses.
    references: [
      { field: 'sessionId', resource: 'sessions' },
      { field: 'metierId', resource: 'metiers' },
    ],
    referenceEvents: [],
    removalEvents: [],
    documents: ['attestations', 'diplomes'],
  },
  {
    // Which candidates a generated attestation or diploma document printed (one stream per
    // document, written by the workers): the list's « générée » and its counts.
    category: ATTESTATION_PRINT_CATEGORY,
    label: 'Tirages d’attestations',
    resources: [],
    commands: false,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // The public verifications of an attestation's code (`/diplomes`), one stream per attestation
    // and day, written by the public lookup: their counts show on the staff's attestation.
    category: VERIFICATION_CATEGORY,
    label: 'Vérifications d’attestations',
    resources: [],
    commands: false,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  {
    // An online payment of a dossier's fee (`/paiement`), started by the public page, confirmed by
    // the provider's notification; the payment itself is recorded on the candidature, shown there.
    category: ONLINE_PAYMENT_CATEGORY,
    label: 'Paiements en ligne',
    resources: [],
    commands: false,
    references: [],
    referenceEvents: [],
    removalEvents: [],
  },
  ...REFERENCE_LISTS.map(listManifest),
];

const CATEGORIES = AGGREGATES.map((m) => m.category);

/** The aggregate whose stream category is `category` (a list's name, `metiers`, `sessions`…). */
export const aggregateOf = (category: string): AggregateManifest | undefined =>
  AGGREGATES.find((m) => m.category === category);

/** The aggregate a stream belongs to (the longest category its name starts with). */
export const aggregateOfStream = (stream: string): AggregateManifest | undefined => {
  const category = categoryOf(stream, CATEGORIES);
  return category === undefined ? undefined : aggregateOf(category);
};

/** The aggregate behind a read resource (`enroleurs` → users). */
export const aggregateOfResource = (resource: string): AggregateManifest | undefined =>
  AGGREGATES.find((m) => m.resources.some((r) => r.name === resource));

/** Every read resource of every aggregate: what the query service lists. */
export const READ_RESOURCES: readonly ResourceDefinition[] = AGGREGATES.flatMap((m) => m.resources);

/** Ids named by a reference field's value (one id, several, or none). */
const idsOf = (value: unknown): string[] =>
  [value].flat().filter((id): id is string => typeof id === 'string' && id !== '');

/**
 * The items of other resources an aggregate's event says it references, resource by resource; null
 * when the item is gone; undefined when the event says nothing of references.
 */
export const referencesOfEvent = (event: {
  readonly type: string;
  readonly streamId: string;
  readonly data: unknown;
}): { resource: string; ids: string[] }[] | null | undefined => {
  const manifest = aggregateOfStream(event.streamId);
  if (!manifest) return undefined;
  if (manifest.removalEvents.includes(event.type)) return null;
  if (!manifest.referenceEvents.includes(event.type)) return undefined;
  const values =
    manifest.valuesOf?.(event.data as Record<string, unknown>) ??
    (event.data as Record<string, unknown>);
  const resources = [...new Set(manifest.references.map((r) => r.resource))];
  return resources.map((resource) => ({
    resource,
    ids: [
      ...new Set(
        manifest.references
          .filter((r) => r.resource === resource)
          .flatMap((r) => idsOf(values[r.field])),
      ),
    ],
  }));
};

/** The event types that tell references (the usage projection listens to these). */
export const REFERENCE_EVENT_TYPES: readonly string[] = [
  ...new Set(AGGREGATES.flatMap((m) => [...m.referenceEvents, ...m.removalEvents])),
];

/**
 * The usage rules of the product: for every event that tells references, what its item references
 * now (counted by the usage projection, so that an item in use cannot be deleted).
 */
export const REFERENCE_RULES: readonly ReferenceRule[] = REFERENCE_EVENT_TYPES.map((eventType) => ({
  eventType,
  changes: (event) => {
    const found = referencesOfEvent({ ...event, type: eventType });
    return found === undefined ? [] : found;
  },
}));

/**
 * The read resources whose forms choose items of `resource`: whoever may read one of them may read
 * `resource` too (to fill the dropdown, to show the chosen item by name).
 */
export const choosersOf = (resource: string): readonly string[] => [
  ...new Set(
    AGGREGATES.flatMap((m) =>
      m.references
        .filter((r) => r.resource === resource)
        .flatMap((r) => r.chosenOn ?? m.resources.map((res) => res.name)),
    ),
  ),
];

/**
 * Whether `events` (an item's own stream) make an item of `resource` that may be chosen now.
 * Throws for a resource no aggregate declares choosable: a reference to it is a declaration error.
 */
export const isChoosable = (resource: string, events: readonly DomainEvent[]): boolean => {
  const manifest = aggregateOf(resource);
  if (!manifest?.choosable)
    throw new Error(`Aucun agrégat ne déclare « ${resource} » comme pouvant être choisi.`);
  return manifest.choosable(events);
};
