import { createHash } from 'node:crypto';
import {
  examIncidentCommands,
  incidentCommands,
  recordSignInEvent,
} from '@examens-pro/command-service';
import {
  candidatureCommands,
  ensureGeography,
  listCommands,
  maintenanceCommands,
  profileCommands,
  sessionCommands,
  userCommands,
} from '@examens-pro/application';
import {
  ALLOCATION_RUN_CATEGORY,
  allocationRunEvents,
  CANDIDATURE_CATEGORY,
  candidatureDecider,
  type CandidatureEvent,
  DEFAULT_GEOGRAPHY,
  EXAM_INCIDENT_CATEGORY,
  GRADE_SETTINGS_CATEGORY,
  GRADE_SHEET_CATEGORY,
  DELIBERATION_CATEGORY,
  deliberationDecider,
  computeResult,
  ATTESTATION_CATEGORY,
  ATTESTATION_PRINT_CATEGORY,
  VERIFICATION_CATEGORY,
  verificationStream,
  PUBLIC_ACTOR,
  attestationDecider,
  attestationPrintDecider,
  verificationAddress,
  verificationCodeFromBytes,
  type CandidateComputation,
  gradeSettingsDecider,
  gradeSheetDecider,
  gradeSheetId,
  INCIDENT_CATEGORY,
  DEFAULT_TIME_ZONE,
  PV_ARCHIVE_CATEGORY,
  pvArchiveDecider,
  pvArchiveFile,
  pvArchiveId,
  RESULTS_VISIBILITY_CATEGORY,
  resultsVisibilityDecider,
  parseCandidature,
  PERSON_LIST_CATEGORY,
  DOCUMENT_CATEGORY,
  documentDecider,
  geographyCode,
  listItemDecider,
  PERMISSION_CODES,
  PROFILE_CATEGORY,
  profileDecider,
  parseInput,
  parseListItem,
  parseSession,
  profileInputSchema,
  REFERENCE_LISTS,
  referenceList,
  SIGN_IN_JOURNAL_CATEGORY,
  SESSION_CATEGORY,
  SESSION_STATUSES,
  streamName,
  USER_CATEGORY,
  userCreateSchema,
  userModifySchema,
  type Actor,
  type CommandContext,
  type Decider,
  type DomainEvent,
  type ListField,
  type ReferenceListDefinition,
  type RequiredPiece,
  type SessionEvent,
  type SignInJournalEvent,
  fold,
  sessionDecider,
  admissionDecisionDecider,
  admissionDecisionId,
  DECISION_CATEGORY,
  decisionDocumentId,
  MINISTER_SIGNATURE_CATEGORY,
  MINISTER_SIGNATURE_ID,
  ministerSignatureDecider,
  type DecisionCandidate,
  DEMONSTRATION_LABEL,
  DEMONSTRATION_PROVIDER,
  ONLINE_PAYMENT_CATEGORY,
} from '@examens-pro/domain';
import {
  eventIdFor,
  handleCommand,
  toEnvelopes,
  newItemId,
  releaseUniqueValue,
  reserveUniqueValue,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import {
  allocationCommands,
  onlinePaymentCommands,
  personListCommands,
} from '@examens-pro/application';

/**
 * Sample commands per aggregate: the crash tests' log generator (and the appender of the live
 * catch-up test) run these small stories — create, modify, deactivate, delete… — through the
 * product's own command handlers (command-service), so that the log holds exactly what the product
 * writes, reservation streams included. The harness fails when a registered projection or reactor
 * receives no event: a new aggregate adds its stories here.
 *
 * Deletions go through the aggregate's decider and `handleCommand`, as the handlers do, with the
 * usage count this generator keeps itself: the handlers read it from the `usages` read model, which
 * the generator does not run.
 */
export interface AggregateSamples {
  readonly name: string;
  /** Resources (stream categories) this aggregate's items belong to, which others may reference. */
  readonly provides: readonly string[];
  /** Aggregates (manifest categories) it writes besides those it provides (nobody references them). */
  readonly writes?: readonly string[];
  /** Stories per round of the generator: the aggregate's share of the log. */
  readonly weight: number;
  /** At most this many stories in all (users: every password is hashed with scrypt, ~90 ms). */
  readonly limit?: number;
  /** One story, numbered `n` within this aggregate. */
  story(scope: SampleScope, n: number): Promise<void>;
  /** Makes one active item of `resource` (one of `provides`), for another story to reference. */
  make?(scope: SampleScope, resource: string): Promise<string>;
}

const GENERATOR: Actor = { id: 'generateur-charge', name: 'Générateur de charge' };

/**
 * A story's commands on one stream: decided and appended through the shared handler, as the
 * generator (or `actor`), the way the product's routes write them.
 */
const commandsOn =
  <Command, Event extends DomainEvent, State>(
    scope: { readonly eventStore: EventStore; context(actor?: Actor): CommandContext },
    stream: string,
    decider: Decider<Command, Event, State>,
  ) =>
  (command: Command, actor?: Actor) =>
    handleCommand(scope.eventStore, { stream, decider, command, context: scope.context(actor) });
const START = Date.UTC(2026, 0, 5, 8, 0, 0);

/** What the stories share: the store, the clock, the items made so far and who references what. */
export class SampleScope {
  private commands = 0;
  private seed: number;
  /** Active items per resource (an array to pick from, and where each id sits in it). */
  private readonly active = new Map<string, { ids: string[]; at: Map<string, number> }>();
  /** Referrer stream → the `resource|itemId` keys it references; and the count per key. */
  private readonly referrers = new Map<string, Set<string>>();
  private readonly usages = new Map<string, number>();
  private imageName?: string;
  /** Items made on demand so far: their numbers never repeat (a random number could, seed 978354209). */
  private made = 0;

  constructor(
    public eventStore: EventStore,
    readonly readStore: ReadStore,
    readonly storage: DocumentStorage,
    seed = 1,
    private readonly registry: readonly AggregateSamples[] = SAMPLES,
  ) {
    this.seed = seed >>> 0 || 1;
  }

  /** A fresh command: unique id, the clock moving one second per command. */
  context(actor: Actor = GENERATOR): CommandContext {
    this.commands += 1;
    return {
      commandId: `charge-${this.commands}`,
      actor,
      now: new Date(START + this.commands * 1000).toISOString(),
    };
  }

  /** Deterministic pseudo-random number in [0, 1) (xorshift32). */
  random(): number {
    let x = this.seed;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.seed = x >>> 0;
    return this.seed / 0x1_0000_0000;
  }

  /** A number for an item made on demand (codes and libellés must not collide with the stories'). */
  serial(): number {
    this.made += 1;
    return 900_000_000 + this.made;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** An active item of `resource`: one made earlier, or one made now by the aggregate providing it. */
  async reference(resource: string): Promise<string> {
    const ids = this.active.get(resource)?.ids;
    if (ids && ids.length > 0) return this.pick(ids);
    return this.make(resource);
  }

  /** A new active item of `resource`, made by the aggregate that provides it. */
  async make(resource: string): Promise<string> {
    const provider = this.registry.find((a) => a.provides.includes(resource) && a.make);
    if (!provider)
      throw new Error(`Aucun échantillon ne crée d’élément de « ${resource} » (samples.ts).`);
    return provider.make!(this, resource);
  }

  offer(resource: string, id: string): void {
    const pool = this.active.get(resource) ?? { ids: [], at: new Map<string, number>() };
    if (pool.at.has(id)) return;
    pool.at.set(id, pool.ids.length);
    pool.ids.push(id);
    this.active.set(resource, pool);
  }

  withdraw(resource: string, id: string): void {
    const pool = this.active.get(resource);
    const at = pool?.at.get(id);
    if (!pool || at === undefined) return;
    const last = pool.ids.pop()!;
    if (last !== id) {
      pool.ids[at] = last;
      pool.at.set(last, at);
    }
    pool.at.delete(id);
  }

  /** What `referrer` (a stream) references after a command; null once it is deleted. */
  references(referrer: string, refs: Record<string, readonly string[]> | null): void {
    for (const key of this.referrers.get(referrer) ?? []) this.count(key, -1);
    if (refs === null) {
      this.referrers.delete(referrer);
      return;
    }
    const keys = new Set(
      Object.entries(refs).flatMap(([resource, ids]) => ids.map((id) => `${resource}|${id}`)),
    );
    for (const key of keys) this.count(key, 1);
    this.referrers.set(referrer, keys);
  }

  private count(key: string, delta: number): void {
    const next = (this.usages.get(key) ?? 0) + delta;
    if (next === 0) this.usages.delete(key);
    else this.usages.set(key, next);
  }

  /** Whether any referrer references the item (then it is never deleted). */
  used(resource: string, id: string): boolean {
    return this.usages.has(`${resource}|${id}`);
  }

  /** Expected usage counts: `resource|itemId` → number of referrers referencing it. */
  expectedUsages(): Map<string, number> {
    return new Map(this.usages);
  }

  /** A signature image in the documents folder, stored as the images route stores uploads. */
  async image(): Promise<string> {
    if (this.imageName) return this.imageName;
    // The smallest PNG: signature (8 bytes) then an IHDR, IDAT and IEND of a 1×1 pixel.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const name = `image-${createHash('sha256').update(png).digest('hex')}.png`;
    if (!this.storage.exists(name))
      await this.storage.write(name, async (out) => void out.end(png));
    this.imageName = name;
    return name;
  }
}

const TRADES = [
  'Électricité bâtiment',
  'Maçonnerie',
  'Menuiserie bois',
  'Plomberie sanitaire',
  'Couture',
  'Coiffure',
  'Mécanique automobile',
  'Soudure',
  'Froid et climatisation',
  'Pâtisserie',
  'Ébénisterie',
  'Tôlerie',
];

/** The métiers have stories of their own (many of them: the PDF of the documents test lists them). */
const METIERS = 'metiers';
const writableLists = REFERENCE_LISTS.filter((l) => !l.readOnly && l.name !== METIERS);

/**
 * A value of each field type that the list's form accepts; `fresh`: a reference to a new item (a
 * field of the list's `unique` key: one fee per session, so each fee gets a session of its own).
 */
const sampleValue = async (
  scope: SampleScope,
  field: ListField,
  n: number,
  fresh = false,
): Promise<unknown> => {
  switch (field.type) {
    case 'text':
      if (field.example) return n % 2 === 0 ? field.example : '';
      return field.required || n % 2 === 0 ? `${field.label} ${n}` : '';
    case 'person-name':
      // No one-letter word (seed §5 rule 3): « Nom-7 ».
      return `${field.label.split(' ')[0]}-${n}`;
    case 'email':
      return n % 2 === 0 ? `contact${n}@examens.cm` : '';
    case 'integer': {
      if (typeof field.defaultValue === 'number') return field.defaultValue;
      const min = field.min ?? 1;
      return Math.min(min + (n % 5), field.max ?? Number.MAX_SAFE_INTEGER);
    }
    case 'number':
      return typeof field.defaultValue === 'number' ? field.defaultValue : 1.5;
    case 'boolean':
      return n % 2 === 0;
    case 'email-list':
      return `liste${n}@examens.cm; secretariat${n}@examens.cm`;
    case 'phone':
      return `+2376${String(10_000_000 + n).slice(-8)}`;
    case 'date':
      // A birth date is in the past, and before anything else a person's record dates.
      return field.name === 'dateNaissance'
        ? `199${n % 10}-0${1 + (n % 9)}-15`
        : `2027-0${1 + (n % 9)}-15`;
    case 'choice':
      return field.choices![n % field.choices!.length]!.value;
    case 'reference':
      if (!field.required && n % 2 !== 0) return null;
      return fresh ? scope.make(field.reference!) : scope.reference(field.reference!);
    case 'references':
      // Required (a jury's centres): one at least; in a `unique` key, a new one (a pair of its own).
      if (!field.required && n % 2 !== 0) return [];
      return [fresh ? await scope.make(field.reference!) : await scope.reference(field.reference!)];
    case 'image':
      return scope.image();
    default: {
      const never: never = field.type;
      throw new Error(`type de champ sans échantillon : ${String(never)}`);
    }
  }
};

const referencesOf = (list: ReferenceListDefinition, values: Record<string, unknown>) => {
  const refs: Record<string, string[]> = {};
  for (const field of list.fields) {
    if (field.type !== 'reference' && field.type !== 'references') continue;
    const ids = [values[field.name]]
      .flat()
      .filter((id): id is string => typeof id === 'string' && id !== '');
    refs[field.reference!] = [...(refs[field.reference!] ?? []), ...ids];
  }
  return refs;
};

const inUniqueKey = (list: ReferenceListDefinition, field: ListField): boolean =>
  list.unique?.fields.includes(field.name) ?? false;

/**
 * A sample that breaks a rule between fields (a jury's president chosen among its other members too)
 * leaves the optional fields the rule names empty.
 */
const withinRules = (
  list: ReferenceListDefinition,
  body: Record<string, unknown>,
  context: CommandContext,
) => {
  for (const name of Object.keys(list.check?.(body, context) ?? {})) {
    const field = list.fields.find((f) => f.name === name && !f.required);
    if (field) body[name] = field.type === 'references' ? [] : null;
  }
  return body;
};

/** What names an item in a form: its code and libellé, where the list types them. */
const namedBody = (
  list: ReferenceListDefinition,
  code: string,
  libelle: string,
): Record<string, unknown> => ({
  ...(list.code === false ? {} : { code }),
  ...(list.titleFrom ? {} : { libelle }),
});

/** Creates one item of `list` (values filled for its fields), returns its id and revision. */
const createItem = async (scope: SampleScope, list: ReferenceListDefinition, n: number) => {
  const context = scope.context();
  const id = newItemId(context.commandId);
  // Métiers get trades' names (accents in the PDF), the other lists numbered libellés.
  const libelle =
    list.name === METIERS ? `${TRADES[n % TRADES.length]} ${n}` : `${list.itemLabel} ${n}`;
  const body = namedBody(list, `C${n}`, libelle);
  for (const field of list.fields)
    body[field.name] = await sampleValue(scope, field, n, inUniqueKey(list, field));
  const input = parseListItem(list, withinRules(list, body, context), context);
  const commands = listCommands(scope.eventStore, scope.readStore, list, scope.storage);
  const answer = await commands.create(id, input, context);
  scope.references(streamName(list.name, id), referencesOf(list, input.values));
  scope.offer(list.name, id);
  return { id, input, revision: answer.revision, commands };
};

/**
 * One item's story, by phase: created; then modified (a new libellé, other values: usage counts
 * move from one item to another; every other time a new code, the old one given back), or
 * deactivated and reactivated, or deactivated for good, or deleted when nothing uses it.
 */
const listItemStory = async (
  scope: SampleScope,
  list: ReferenceListDefinition,
  n: number,
  phase: number,
) => {
  const created = await createItem(scope, list, n);
  const { id, commands } = created;
  let { revision, input } = created;
  const stream = streamName(list.name, id);
  if (phase === 1 || phase === 4) {
    const body = namedBody(
      list,
      phase === 4 ? `C${n}-B` : input.code,
      `${input.libelle} (modifié)`,
    );
    for (const field of list.fields)
      body[field.name] = await sampleValue(scope, field, n + 1, inUniqueKey(list, field));
    const context = scope.context();
    input = parseListItem(list, withinRules(list, body, context), context);
    revision = (await commands.modify(id, input, revision, context)).revision;
    scope.references(stream, referencesOf(list, input.values));
  }
  if (phase === 2) {
    revision = (await commands.setActive(id, false, revision, scope.context())).revision;
    if (n % 2 === 0)
      revision = (await commands.setActive(id, true, revision, scope.context())).revision;
    else scope.withdraw(list.name, id);
  }
  if (phase === 3 && !scope.used(list.name, id)) {
    const context = scope.context();
    await handleCommand(scope.eventStore, {
      stream,
      decider: listItemDecider,
      command: { type: 'DeleteListItem', data: { list: list.name, itemId: id, usageCount: 0 } },
      context,
      expectedRevision: revision,
    });
    if (list.code !== false)
      await releaseUniqueValue(
        scope.eventStore,
        { resource: list.name, field: 'code', value: input.code },
        stream,
        context,
      );
    scope.withdraw(list.name, id);
    scope.references(stream, null);
  }
};

const referenceLists: AggregateSamples = {
  name: 'listes de référence',
  provides: writableLists.map((l) => l.name),
  weight: 20,
  async make(scope, resource) {
    const list = writableLists.find((l) => l.name === resource)!;
    return (await createItem(scope, list, scope.serial())).id;
  },
  async story(scope, n) {
    const list = writableLists[n % writableLists.length]!;
    await listItemStory(scope, list, n, Math.floor(n / writableLists.length) % 5);
  },
};

/** Zones and départements: the product's own seed, read-only lists. */
const geography: AggregateSamples = {
  name: 'géographie',
  provides: ['zones', 'departements'],
  weight: 0,
  async story() {},
  async make(scope, resource) {
    await ensureGeography(scope.eventStore, scope.readStore, {
      actor: GENERATOR,
      now: new Date(START).toISOString(),
    });
    // The ids the seed gives (derived from its command ids).
    const idOf = (list: string, name: string) =>
      eventIdFor(`geographie-${list}-${geographyCode(name)}`, 0);
    for (const { zone, departements } of DEFAULT_GEOGRAPHY) {
      const zoneId = idOf('zones', zone);
      scope.offer('zones', zoneId);
      for (const name of departements) {
        const id = idOf('departements', name);
        scope.offer('departements', id);
        scope.references(streamName('departements', id), { zones: [zoneId] });
      }
    }
    return scope.reference(resource);
  },
};

/** Métiers: a reference list, with many stories (the documents test prints them all). */
const metiers: AggregateSamples = {
  name: 'métiers',
  provides: [METIERS],
  weight: 30,
  async make(scope) {
    return (await createItem(scope, referenceList(METIERS)!, scope.serial())).id;
  },
  async story(scope, n) {
    await listItemStory(scope, referenceList(METIERS)!, n, n % 5);
  },
};

const createSession = async (scope: SampleScope, n: number, steps: number) => {
  // Each session has an examen of its own: at most one session per examen is open for registration.
  const examenId = await scope.make('examens');
  const context = scope.context();
  const id = newItemId(context.commandId);
  const details = parseSession({
    examenId,
    annee: 2027 + (n % 5),
    libelle: `Session ${n}`,
    ouvertureInscriptions: '2026-11-02',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  const commands = sessionCommands(scope.eventStore);
  let { revision } = await commands.create(id, details, context);
  const stream = streamName(SESSION_CATEGORY, id);
  scope.references(stream, { examens: [examenId] });
  if (n % 2 === 0)
    revision = (
      await commands.modify(
        id,
        { ...details, libelle: `Session ${n} (révisée)` },
        revision,
        scope.context(),
      )
    ).revision;
  for (const to of SESSION_STATUSES.slice(1, 1 + steps))
    revision = (await commands.advance(id, to, revision, scope.context())).revision;
  if (steps < SESSION_STATUSES.length - 1) scope.offer(SESSION_CATEGORY, id);
  return id;
};

const sessions: AggregateSamples = {
  name: 'sessions',
  provides: [SESSION_CATEGORY],
  weight: 2,
  async make(scope) {
    return createSession(scope, scope.serial(), 0);
  },
  async story(scope, n) {
    await createSession(scope, n, n % SESSION_STATUSES.length);
  },
};

const createProfile = async (scope: SampleScope, n: number) => {
  const context = scope.context();
  const id = newItemId(context.commandId);
  const input = parseInput(profileInputSchema, {
    libelle: `Profil ${n}`,
    permissions: PERMISSION_CODES.filter((_, i) => (i + n) % 3 === 0),
  });
  const commands = profileCommands(scope.eventStore, scope.readStore);
  const { revision } = await commands.create(id, input, context);
  scope.offer(PROFILE_CATEGORY, id);
  return { id, input, revision, commands };
};

const profiles: AggregateSamples = {
  name: 'profils',
  provides: [PROFILE_CATEGORY],
  weight: 1,
  async make(scope) {
    return (await createProfile(scope, scope.serial())).id;
  },
  async story(scope, n) {
    const { id, input, commands, revision: created } = await createProfile(scope, n);
    const input2 = { ...input, libelle: `${input.libelle} (modifié)` };
    const { revision } = await commands.modify(id, input2, created, scope.context());
    if (n % 3 === 2 && !scope.used(PROFILE_CATEGORY, id)) {
      await handleCommand(scope.eventStore, {
        stream: streamName(PROFILE_CATEGORY, id),
        decider: profileDecider,
        command: { type: 'DeleteProfile', data: { profilId: id, usageCount: 0 } },
        context: scope.context(),
        expectedRevision: revision,
      });
      scope.withdraw(PROFILE_CATEGORY, id);
    }
  },
};

const users: AggregateSamples = {
  name: 'utilisateurs',
  provides: [USER_CATEGORY],
  weight: 1,
  limit: 2,
  async story(scope, n) {
    const profilId = await scope.reference(PROFILE_CATEGORY);
    const centreDepotId = n % 2 === 1 ? await scope.reference('centres-depot') : null;
    const context = scope.context();
    const id = newItemId(context.commandId);
    const password = `Provisoire-${n}-Examens`;
    const details = {
      nom: `Nom${n}`,
      prenoms: `Prénom ${n}`,
      login: `agent${n}@examens.cm`,
      telephone: `+2376${String(20_000_000 + n).slice(-8)}`,
      profilId,
      centreDepotId,
    };
    const commands = userCommands(scope.eventStore);
    let { revision } = await commands.create(
      id,
      parseInput(userCreateSchema, { ...details, motDePasse: password }),
      context,
    );
    const stream = streamName(USER_CATEGORY, id);
    const refs = () => ({
      profils: [details.profilId],
      'centres-depot': details.centreDepotId ? [details.centreDepotId] : [],
    });
    scope.references(stream, refs());
    details.telephone = `+2376${String(30_000_000 + n).slice(-8)}`;
    revision = (
      await commands.modify(id, parseInput(userModifySchema, details), revision, scope.context())
    ).revision;
    const self: Actor = { id, name: `${details.prenoms} ${details.nom}` };
    revision = (
      await commands.modifyOwnAccount(
        { nom: details.nom, prenoms: `${details.prenoms} Marie`, telephone: details.telephone },
        revision,
        scope.context(self),
      )
    ).revision;
    revision = (await commands.deactivate(id, revision, scope.context())).revision;
    revision = (await commands.reactivate(id, revision, scope.context())).revision;
    const reset = `Temporaire-${n}-Examens`;
    await commands.resetPassword(id, reset, revision, scope.context());
    await commands.changeOwnPassword(reset, `Personnel-${n}-Examens`, scope.context(self));
  },
};

const documents: AggregateSamples = {
  name: 'documents',
  provides: [DOCUMENT_CATEGORY],
  weight: 2,
  async story(scope, n) {
    const context = scope.context();
    const documentId = newItemId(context.commandId);
    const stream = streamName(DOCUMENT_CATEGORY, documentId);
    await handleCommand(scope.eventStore, {
      stream,
      decider: documentDecider,
      command: { type: 'RequestDocument', data: { documentId, kind: 'liste-metiers' } },
      context,
    });
    // The outcome a worker records (the file itself is not made here).
    const worker: Actor = { id: 'generateur-documents', name: 'Générateur de documents' };
    await handleCommand(scope.eventStore, {
      stream,
      decider: documentDecider,
      command:
        n % 4 === 0
          ? {
              type: 'RecordDocumentFailed',
              data: { documentId, reason: 'Génération impossible : essai' },
            }
          : {
              type: 'RecordDocumentGenerated',
              data: {
                documentId,
                fileName: 'liste-des-metiers.pdf',
                sha256: createHash('sha256').update(documentId).digest('hex'),
                size: 1000 + n,
                pages: 1 + (n % 40),
              },
            },
      context: { ...scope.context(worker), causationId: context.commandId },
    });
  },
};

const maintenance: AggregateSamples = {
  name: 'maintenance',
  provides: [],
  weight: 1,
  async story(scope, n) {
    const commands = maintenanceCommands(scope.eventStore);
    await commands.set(true, `Maintenance programmée n° ${n}`, scope.context());
    await commands.set(false, '', scope.context());
  },
};

const JOURNAL: readonly SignInJournalEvent['type'][] = [
  'SignInSucceeded',
  'SignInFailed',
  'SignInLockedOut',
  'SignedOut',
  'PasswordChangeJournaled',
  'PasswordResetJournaled',
];

const signInJournal: AggregateSamples = {
  name: 'journal des connexions',
  provides: [],
  writes: [SIGN_IN_JOURNAL_CATEGORY],
  weight: 2,
  async story(scope, n) {
    const type = JOURNAL[n % JOURNAL.length]!;
    const context = scope.context();
    const data =
      type === 'SignInFailed'
        ? { reason: 'mot-de-passe' as const }
        : type === 'SignInLockedOut'
          ? { lockedUntil: new Date(Date.parse(context.now) + 900_000).toISOString() }
          : {};
    await recordSignInEvent(
      scope.eventStore,
      { warn: (...args: unknown[]) => console.warn('journal :', ...args) },
      {
        event: { type, data } as never,
        login: `agent${n % 50}@examens.cm`,
        utilisateurId: null,
        client: {
          ip: `10.0.${n % 250}.${(n * 7) % 250}`,
          userAgent: 'Mozilla/5.0 (essai de charge)',
        },
        commandId: context.commandId,
      },
    );
  },
};

/**
 * Where the candidatures' stories register: one session open for registration, its paramètres
 * d'édition, one métier opened in it, made once per scope and kept out of the other stories' pools
 * (nobody closes that session or requires a level of that métier behind the candidatures' back).
 */
const registrations = new WeakMap<
  SampleScope,
  Promise<{ sessionId: string; metierId: string; pieces: RequiredPiece[]; siteId: string }>
>();
/** Validated dossiers without a seat, for the automatic allocations' stories. */
const unseated = new WeakMap<SampleScope, string[]>();
const unseatedOf = (scope: SampleScope) => {
  let found = unseated.get(scope);
  if (!found) unseated.set(scope, (found = []));
  return found;
};
/**
 * The candidatures' handlers per event store (the live test moves the stories from the memory log
 * to the real store): each keeps where it last read the dossier counters.
 */
const candidatureHandlers = new WeakMap<EventStore, ReturnType<typeof candidatureCommands>>();
/** The pièces each examen of the stories asks for (no read model runs while the log is written). */
const piecesByExamen = new Map<string, RequiredPiece[]>();
const candidatureHandlersOf = (eventStore: EventStore) => {
  let found = candidatureHandlers.get(eventStore);
  if (!found) {
    found = candidatureCommands(eventStore, DEFAULT_TIME_ZONE, undefined, {
      piecesOf: async (examenId) => piecesByExamen.get(examenId) ?? [],
    });
    candidatureHandlers.set(eventStore, found);
  }
  return found;
};
const registrationOf = (scope: SampleScope) => {
  let found = registrations.get(scope);
  if (!found) {
    found = (async () => {
      const sessionId = await createSession(scope, scope.serial(), 1);
      scope.withdraw(SESSION_CATEGORY, sessionId);
      const metierId = await scope.make(METIERS);
      scope.withdraw(METIERS, metierId);
      const item = async (list: string, body: Record<string, unknown>) => {
        const context = scope.context();
        const id = newItemId(context.commandId);
        const definition = referenceList(list)!;
        const input = parseListItem(definition, body, context);
        await listCommands(scope.eventStore, scope.readStore, definition).create(
          id,
          input,
          context,
        );
        scope.references(streamName(list, id), referencesOf(definition, input.values));
        return id;
      };
      await item('parametres-edition', {
        code: `PE-${sessionId.slice(0, 8)}`,
        libelle: 'Paramètres des inscriptions',
        sessionId,
        dateLimiteModification: '2027-02-26',
        modificationApresValidation: true,
        prefixeDossier: 'CQP27',
        ageMinimum: 14,
      });
      await item('metiers-ouverts', {
        code: `MO-${sessionId.slice(0, 8)}`,
        libelle: 'Métier ouvert',
        sessionId,
        metierId,
        quota: null,
      });
      // A fee, and two obligatory pièces asked of every examen.
      await item('frais-examen', {
        code: `FR-${sessionId.slice(0, 8)}`,
        libelle: 'Frais d’examen',
        sessionId,
        montant: 15000,
        prefixePaiement: 'CQP',
        paiementAvantValidation: false,
      });
      const pieces: RequiredPiece[] = [];
      for (const [code, libelle] of [
        ['ACTE', 'Acte de naissance'],
        ['PHOTO', 'Photo d’identité'],
      ] as const)
        pieces.push({
          id: await item('pieces-justificatives', {
            code: `${code}-${sessionId.slice(0, 8)}`,
            libelle,
            obligatoire: true,
            examenIds: [],
          }),
          libelle,
          obligatoire: true,
        });
      const session = fold(
        sessionDecider,
        (await scope.eventStore.readStream(
          streamName(SESSION_CATEGORY, sessionId),
        )) as unknown as SessionEvent[],
      );
      if (session.status === 'present') piecesByExamen.set(session.examenId, pieces);
      // The session's composition site, roomy, kept out of the lists' stories (seated candidates
      // forbid its deactivation and deletion).
      const siteId = await item('sites-composition', {
        code: `SITE-${sessionId.slice(0, 8)}`,
        libelle: 'Site de composition des candidatures',
        centreExamenId: await scope.reference('centres-examen'),
        capacite: 100_000,
        accessible: true,
      });
      scope.withdraw('sites-composition', siteId);
      return { sessionId, metierId, pieces, siteId };
    })();
    registrations.set(scope, found);
  }
  return found;
};

const CATEGORIES = ['libre', 'agent', 'patron', 'apprenti'] as const;

/**
 * One dossier's story: created (a person of its own), then, by `n`: left a brouillon and deleted,
 * submitted, validated, rejected with a motif, corrected then withdrawn.
 */
const candidatures: AggregateSamples = {
  name: 'candidatures',
  provides: [],
  writes: [CANDIDATURE_CATEGORY],
  weight: 4,
  async story(scope, n) {
    const { sessionId, metierId, pieces, siteId } = await registrationOf(scope);
    const commands = candidatureHandlersOf(scope.eventStore);
    const categorie = CATEGORIES[n % CATEGORIES.length]!;
    const body = {
      sessionId,
      metierId,
      centreDepotId: await scope.reference('centres-depot'),
      categorie,
      apprentiId: categorie === 'apprenti' ? await scope.reference('apprentis') : null,
      patronId: categorie === 'patron' ? await scope.reference('patrons') : null,
      nom: `Candidat-${n}`,
      prenoms: `Prénom-${n}`,
      sexe: n % 2 === 0 ? 'F' : 'M',
      dateNaissance: `199${n % 10}-0${1 + (n % 9)}-1${n % 10}`,
      lieuNaissance: 'Yaoundé',
      nationalite: 'Camerounaise',
      telephone: `+2376${String(40_000_000 + n).slice(-8)}`,
      matricule: categorie === 'agent' ? `MAT-${String(n).padStart(6, '0')}` : '',
      datePremierePriseService: categorie === 'agent' ? '2015-09-01' : null,
      niveauId: await scope.reference('niveaux-scolarisation'),
      langueId: n % 3 === 0 ? await scope.reference('langues') : null,
      handicapId: null,
    };
    const context = scope.context();
    const input = parseCandidature(body, context);
    const id = newItemId(context.commandId);
    let { revision } = await commands.create(id, input, null, context);
    const stream = streamName(CANDIDATURE_CATEGORY, id);
    const refs = (values: Record<string, unknown>) => ({
      sessions: [sessionId],
      metiers: [metierId],
      'centres-depot': [body.centreDepotId],
      'niveaux-scolarisation': [body.niveauId],
      ...(values.apprentiId ? { apprentis: [String(values.apprentiId)] } : {}),
      ...(values.patronId ? { patrons: [String(values.patronId)] } : {}),
      ...(body.langueId ? { langues: [body.langueId] } : {}),
    });
    // What the dossier references as stored: an apprenti's dossier keeps his patron (handler).
    const stored = async () => {
      const events = await scope.eventStore.readStream(stream);
      const data = events[events.length - 1]!.data as { values: Record<string, unknown> };
      return data.values;
    };
    scope.references(stream, refs(await stored()));
    const phase = Math.floor(n / CATEGORIES.length) % 5;
    const step = async (action: 'soumettre' | 'valider' | 'rejeter' | 'desister') => {
      const rejection =
        action === 'rejeter'
          ? { motifId: await scope.reference('motifs-rejet'), commentaire: `Pièce ${n} illisible` }
          : undefined;
      revision = (await commands.step(id, action, revision, null, scope.context(), rejection))
        .revision;
    };
    if (phase === 0) {
      await commands.remove(id, revision, null, scope.context());
      scope.references(stream, null);
      return;
    }
    if (phase === 4) {
      const modification = scope.context();
      const corrected = parseCandidature({ ...body, prenoms: `Prénom-${n}-Corrigé` }, modification);
      revision = (await commands.modify(id, corrected, revision, null, modification)).revision;
      scope.references(stream, refs(await stored()));
      await step('desister');
      return;
    }
    // Its pièces deposited (one deposited twice), its fee paid in one or two payments.
    const file = (k: number) => ({
      fichier: `piece-${String(n).padStart(8, '0')}${k}.pdf`,
      nomFichier: `piece-${k}.pdf`,
      type: 'application/pdf',
      taille: 1000 + k,
    });
    for (const [k, piece] of pieces.entries())
      revision = (
        await commands.depositPiece(id, piece.id, file(k), revision, null, scope.context())
      ).revision;
    const pay = async (montant: number, k: number) => {
      revision = (
        await commands.recordPayment(
          id,
          { montant, date: '2026-11-20', reference: `REC-${n}-${k}` },
          revision,
          null,
          scope.context(),
        )
      ).revision;
    };
    await pay(phase === 2 ? 15000 : 5000, 1);
    await step('soumettre');
    const check = async (piece: RequiredPiece, action: 'valider' | 'rejeter') => {
      const rejection =
        action === 'rejeter'
          ? { motifId: await scope.reference('motifs-rejet'), commentaire: 'Illisible' }
          : undefined;
      revision = (
        await commands.checkPiece(id, piece.id, action, revision, null, scope.context(), rejection)
      ).revision;
    };
    if (phase === 2) {
      for (const piece of pieces) await check(piece, 'valider');
      await step('valider');
      // One in three: its birthplace corrected after the exam (« Gestion des contentieux »), as
      // the correction route decides it once the session composes (the story's session is still
      // open: its facts are the composition's; the person's reservation does not move).
      if (n % 3 === 0) {
        const events = await scope.eventStore.readStream(stream);
        const current = fold(candidatureDecider, events as unknown as CandidatureEvent[]);
        if (current.status === 'present')
          revision = (
            await handleCommand(scope.eventStore, {
              stream,
              decider: candidatureDecider,
              command: {
                type: 'CorrectIdentity',
                data: {
                  candidatureId: id,
                  identite: { ...current.values, lieuNaissance: `Yaoundé ${n}` },
                  justification: `Acte de naissance ${n} : lieu de naissance rectifié.`,
                  document: {
                    fichier: `correction-${String(n).padStart(8, '0')}.pdf`,
                    nomFichier: 'acte-de-naissance.pdf',
                    type: 'application/pdf',
                    taille: 2048,
                  },
                  facts: { compositionStarted: true },
                },
              },
              context: scope.context(),
              expectedRevision: revision,
            })
          ).revision;
      }
      // Seated by hand (then, one in two, de-allocated), or left for an automatic allocation.
      if (n % 2 === 0) {
        const allocation = allocationCommands(scope.eventStore);
        revision = (await allocation.allocate(id, siteId, revision, null, scope.context()))
          .revision;
        if (n % 4 === 0) {
          revision = (await allocation.deallocate(id, revision, null, scope.context())).revision;
          unseatedOf(scope).push(id);
        }
      } else unseatedOf(scope).push(id);
    }
    if (phase === 3) {
      await check(pieces[1]!, 'rejeter');
      revision = (
        await commands.depositPiece(id, pieces[1]!.id, file(9), revision, null, scope.context())
      ).revision;
      await step('rejeter');
    }
  },
};

/**
 * A list of agents applied to the candidatures' session (three persons of its own per story): its
 * acceptance and its rows' chunk, as `POST /api/listes-candidats` writes them (the lists' reactor
 * then creates the dossiers).
 */
const personLists: AggregateSamples = {
  name: 'listes-candidats',
  provides: [],
  writes: [PERSON_LIST_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, metierId } = await registrationOf(scope);
    const letters = (k: number) =>
      Array.from({ length: 4 }, (_, i) =>
        String.fromCharCode(97 + (Math.floor(k / 26 ** i) % 26)),
      ).join('');
    const header =
      'nom;prenoms;sexe;nationalite;lieu_naissance;telephone;matricule;date_naissance;date_premiere_prise_service';
    const rows = [0, 1, 2].map(
      (i) =>
        `Agent;Liste ${letters(n * 3 + i)};${i % 2 ? 'M' : 'F'};Camerounaise;Douala;677889900;MAT-L${String(n * 3 + i).padStart(6, '0')};12/04/1985;01/10/2012`,
    );
    const bytes = Buffer.from(`${[header, ...rows].join('\n')}\n`, 'utf8');
    await personListCommands(scope.eventStore, DEFAULT_TIME_ZONE).applyFile(
      bytes,
      createHash('sha256').update(bytes).digest('hex'),
      { sessionId, metierId, centreDepotId: await scope.reference('centres-depot') },
      scope.context(),
    );
  },
};

/**
 * An automatic allocation of the candidatures' session: its acceptance and its chunk, as
 * `POST /api/affectations-automatiques` writes them (the allocation reactor then seats the
 * candidates), over the validated dossiers still without a seat (none: a chunk the reactor refuses).
 */
const allocationRuns: AggregateSamples = {
  name: 'affectations-automatiques',
  provides: [],
  writes: [ALLOCATION_RUN_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, metierId, siteId } = await registrationOf(scope);
    const waiting = unseatedOf(scope).splice(0, 3);
    const placements = (waiting.length > 0 ? waiting : [`sans-dossier-${n}`]).map(
      (candidatureId) => ({ candidatureId, siteId, metierId }),
    );
    const context = scope.context();
    const runId = newItemId(context.commandId);
    await scope.eventStore.appendToStream(
      streamName(ALLOCATION_RUN_CATEGORY, runId),
      toEnvelopes(
        allocationRunEvents(
          runId,
          sessionId,
          { placements, nonPlaces: [], sites: [] },
          `${n}`.padStart(16, '0'),
        ),
        context,
      ),
      { expectedRevision: 'no_stream' },
    );
  },
};

/** The commands both kinds of incident share (one incident part, `domain/src/incidents`). */
interface IncidentLifeCommands {
  attach(
    id: string,
    file: { fichier: string; nomFichier: string; type: string; taille: number },
    revision: number,
    scope: null,
    context: CommandContext,
  ): Promise<{ revision: number }>;
  changeStatus(
    id: string,
    input: { statut: 'en-cours' | 'resolu' | 'rejete'; commentaire: string },
    revision: number,
    scope: null,
    context: CommandContext,
  ): Promise<{ revision: number }>;
}

/**
 * An incident's life after its recording, the same for both kinds: one in two gets an attachment;
 * then, by `n`, it stays open, is taken in hand, resolved or rejected. Answers its last revision and
 * its phase (3: rejected).
 */
const incidentLife = async (
  scope: SampleScope,
  commands: IncidentLifeCommands,
  id: string,
  recorded: number,
  n: number,
  story: { prefix: string; nomFichier: string; taille: number; priseEnCharge: string },
) => {
  let revision = recorded;
  if (n % 2 === 0)
    revision = (
      await commands.attach(
        id,
        {
          fichier: `${story.prefix}-${String(n).padStart(8, '0')}.pdf`,
          nomFichier: story.nomFichier,
          type: 'application/pdf',
          taille: story.taille,
        },
        revision,
        null,
        scope.context(),
      )
    ).revision;
  const phase = n % 4;
  if (phase === 0) return { revision, phase };
  revision = (
    await commands.changeStatus(
      id,
      { statut: 'en-cours', commentaire: story.priseEnCharge },
      revision,
      null,
      scope.context(),
    )
  ).revision;
  if (phase === 1) return { revision, phase };
  revision = (
    await commands.changeStatus(
      id,
      { statut: phase === 2 ? 'resolu' : 'rejete', commentaire: 'Clos.' },
      revision,
      null,
      scope.context(),
    )
  ).revision;
  return { revision, phase };
};

/**
 * A registration incident: recorded (one in two with an attachment), then left open, taken in hand,
 * resolved, or rejected and deleted.
 */
const incidents: AggregateSamples = {
  name: 'incidents-inscription',
  provides: [],
  writes: [INCIDENT_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const commands = incidentCommands(scope.eventStore);
    const typeId = await scope.reference('types-incidents');
    const context = scope.context();
    const id = newItemId(context.commandId);
    const stream = streamName(INCIDENT_CATEGORY, id);
    const recorded = await commands.record(
      id,
      { typeId, candidatureId: null, description: `Incident ${n} au guichet` },
      null,
      context,
    );
    scope.references(stream, { 'types-incidents': [typeId] });
    const { revision, phase } = await incidentLife(scope, commands, id, recorded.revision, n, {
      prefix: 'incident',
      nomFichier: 'constat.pdf',
      taille: 1200,
      priseEnCharge: 'Pris en charge.',
    });
    if (phase === 3) {
      await commands.remove(id, revision, null, scope.context());
      scope.references(stream, null);
    }
  },
};

/** Where the exam incidents' stories happen: the candidatures' session and site, an épreuve of its examen. */
const exams = new WeakMap<
  SampleScope,
  Promise<{ sessionId: string; siteId: string; epreuveId: string }>
>();
const examOf = (scope: SampleScope) => {
  let found = exams.get(scope);
  if (!found) {
    found = (async () => {
      const { sessionId, siteId } = await registrationOf(scope);
      const session = fold(
        sessionDecider,
        (await scope.eventStore.readStream(
          streamName(SESSION_CATEGORY, sessionId),
        )) as unknown as SessionEvent[],
      );
      if (session.status !== 'present') throw new Error('session des candidatures absente');
      const definition = referenceList('epreuves')!;
      const context = scope.context();
      const epreuveId = newItemId(context.commandId);
      const input = parseListItem(
        definition,
        {
          code: `EPR-${sessionId.slice(0, 8)}`,
          libelle: 'Épreuve des incidents',
          examenId: session.examenId,
          coefficient: 1,
          noteMax: 20,
          typeEpreuve: 'ecrite',
        },
        context,
      );
      await listCommands(scope.eventStore, scope.readStore, definition).create(
        epreuveId,
        input,
        context,
      );
      scope.references(streamName('epreuves', epreuveId), referencesOf(definition, input.values));
      return { sessionId, siteId, epreuveId };
    })();
    exams.set(scope, found);
  }
  return found;
};

/**
 * An exam incident at the candidatures' site: recorded (one in two with an attachment), then left
 * open, taken in hand, resolved or rejected.
 */
const examIncidents: AggregateSamples = {
  name: 'incidents-examen',
  provides: [],
  writes: [EXAM_INCIDENT_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const commands = examIncidentCommands(scope.eventStore);
    const { sessionId, siteId, epreuveId } = await examOf(scope);
    const typeId = await scope.reference('types-incidents-examen');
    const context = scope.context();
    const id = newItemId(context.commandId);
    const recorded = await commands.record(
      id,
      {
        sessionId,
        siteId,
        epreuveId,
        typeId,
        candidatureIds: [],
        description: `Incident ${n} en salle`,
      },
      null,
      context,
    );
    scope.references(streamName(EXAM_INCIDENT_CATEGORY, id), {
      sessions: [sessionId],
      'sites-composition': [siteId],
      epreuves: [epreuveId],
      'types-incidents-examen': [typeId],
    });
    await incidentLife(scope, commands, id, recorded.revision, n, {
      prefix: 'incident-examen',
      nomFichier: 'proces-verbal.pdf',
      taille: 1500,
      priseEnCharge: 'Rapport demandé.',
    });
  },
};

/**
 * Grades at the exam incidents' site and épreuve: a session's windows opened and closed, the rule
 * of double entry; each story one sheet of four candidates — presences, two entries (equal for some,
 * different for one), a resolution and a modification with their reasons. Written through the
 * deciders and the shared handler, as the grade routes write them (the rosters are the story's own:
 * the generator runs no read model to read them from).
 */
const grades: AggregateSamples = {
  name: 'notes',
  provides: [],
  writes: [GRADE_SETTINGS_CATEGORY, GRADE_SHEET_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, siteId, epreuveId } = await examOf(scope);
    const settings = commandsOn(
      scope,
      streamName(GRADE_SETTINGS_CATEGORY, sessionId),
      gradeSettingsDecider,
    );
    // A sheet per story: the same site and épreuve in a session of its own name.
    const sheetSession = `${sessionId}-${n}`;
    const feuilleId = gradeSheetId(sheetSession, epreuveId, siteId);
    const keys = { feuilleId, sessionId: sheetSession, epreuveId, siteId };
    const agents: Actor[] = [
      { id: 'agent-saisie-1', name: 'Agent de saisie 1' },
      { id: 'agent-saisie-2', name: 'Agent de saisie 2' },
    ];
    const sheet = commandsOn(scope, streamName(GRADE_SHEET_CATEGORY, feuilleId), gradeSheetDecider);
    await settings({
      type: 'OpenGradeWindow',
      data: { sessionId, fenetre: 'importation', sessionStatut: 'composition' },
    });
    const candidats = [1, 2, 3, 4].map((i) => ({
      candidatureId: `candidature-notes-${n}-${i}`,
      numeroCandidat: `CQP-${String(n * 10 + i).padStart(5, '0')}`,
      nom: 'Candidat',
      prenoms: `Numéro ${i}`,
      sexe: i % 2 ? 'M' : 'F',
      metierId: 'metier',
      centreExamenId: 'centre',
    }));
    await sheet({ type: 'OpenGradeSheet', data: { ...keys, candidats } });
    // One sheet in two is anonymous: its copies numbered before any mark.
    if (n % 2 === 1)
      await sheet({
        type: 'AssignAnonymityNumbers',
        data: {
          numeros: candidats.map((c, i) => ({
            candidatureId: c.candidatureId,
            numeroAnonymat: String(n * 10 + ((i * 3) % 4)).padStart(6, '0'),
          })),
        },
      });
    await sheet({
      type: 'RecordPresences',
      data: {
        presences: candidats.map((c, i) => ({
          candidatureId: c.candidatureId,
          presence: i === 3 ? 'absent' : 'present',
        })),
      },
    });
    const enter = (agent: Actor, notes: number[]) =>
      sheet(
        {
          type: 'EnterMarks',
          data: {
            source: 'saisie',
            importation: null,
            parId: agent.id,
            doubleSaisie: true,
            marks: notes.map((note, i) => ({ candidatureId: candidats[i]!.candidatureId, note })),
          },
        },
        agent,
      );
    await enter(agents[0]!, [12.5, 8, 15 + (n % 5)]);
    await enter(agents[1]!, [12.5, 9, 15 + (n % 5)]);
    await sheet({
      type: 'ResolveDiscrepancy',
      data: { candidatureId: candidats[1]!.candidatureId, note: 8.5, motif: 'Copie revue.' },
    });
    if (n % 2 === 0) {
      await settings({
        type: 'OpenGradeWindow',
        data: { sessionId, fenetre: 'modification', sessionStatut: 'composition' },
      });
      await sheet({
        type: 'ModifyMark',
        data: { candidatureId: candidats[0]!.candidatureId, note: 13, motif: 'Erreur de report.' },
      });
      await settings({ type: 'CloseGradeWindow', data: { sessionId, fenetre: 'modification' } });
    }
    if (n % 3 === 0) {
      await settings({ type: 'CloseGradeWindow', data: { sessionId, fenetre: 'importation' } });
      await settings({
        type: 'SetGradeEntryRule',
        data: { sessionId, doubleSaisie: n % 2 === 0 },
      });
      await settings({ type: 'SetGradeAnonymity', data: { sessionId, anonymat: n % 2 === 0 } });
    }
  },
};

/**
 * A jury's deliberation per story: a sheet of three candidates marked, the jury's override of one
 * result, the closing (results frozen with the reference), then a dispute's grade change after
 * closing and, one story in two, the candidate deliberated again.
 */
const deliberations: AggregateSamples = {
  name: 'deliberations',
  provides: [],
  writes: [DELIBERATION_CATEGORY, GRADE_SHEET_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, siteId, epreuveId } = await examOf(scope);
    const juryId = `jury-deliberation-${n}`;
    const session = `${sessionId}-delib-${n}`;
    const feuilleId = gradeSheetId(session, epreuveId, siteId);
    const keys = { feuilleId, sessionId: session, epreuveId, siteId };
    const sheet = commandsOn(scope, streamName(GRADE_SHEET_CATEGORY, feuilleId), gradeSheetDecider);
    const deliberate = commandsOn(
      scope,
      streamName(DELIBERATION_CATEGORY, juryId),
      deliberationDecider,
    );
    const notes = [14, 8.5, 11 + (n % 5)];
    const roster = notes.map((_, i) => ({
      candidatureId: `candidature-deliberation-${n}-${i}`,
      numeroCandidat: `DEL-${String(n * 10 + i).padStart(5, '0')}`,
      nom: ['Abena', 'Bilong', 'Chindji'][i]!,
      prenoms: `Numéro ${i}`,
      sexe: i % 2 ? 'M' : 'F',
      metierId: 'metier',
      centreExamenId: 'centre',
    }));
    await sheet({ type: 'OpenGradeSheet', data: { ...keys, candidats: roster } });
    await sheet({
      type: 'EnterMarks',
      data: {
        source: 'saisie',
        importation: null,
        parId: 'agent-saisie-1',
        doubleSaisie: false,
        marks: notes.map((note, i) => ({ candidatureId: roster[i]!.candidatureId, note })),
      },
    });
    const epreuve = {
      id: epreuveId,
      code: 'EPR',
      libelle: 'Épreuve des incidents',
      coefficient: 1,
      noteMax: 20,
      eliminatoire: false,
    };
    const candidate = (i: number, note: number): CandidateComputation => ({
      ...roster[i]!,
      numeroDossier: `DOS-${n}-${i}`,
      dateNaissance: '1990-05-04',
      lieuNaissance: 'Bafoussam',
      categorie: 'libre',
      handicapId: null,
      centreDepotId: 'depot',
      siteId,
      departementId: 'departement',
      zoneId: 'zone',
      computation: computeResult(
        [epreuve],
        { [epreuveId]: { presence: 'present', note } },
        { noteDePassage: 10, noteEliminatoire: null },
      ),
    });
    const jury = { juryId, sessionId: session };
    await deliberate({
      type: 'SetOverride',
      data: { ...jury, candidat: candidate(1, notes[1]!), resultat: 'admis', motif: 'Rachat.' },
    });
    if (n % 3 === 0)
      await deliberate({
        type: 'RemoveOverride',
        data: {
          ...jury,
          candidatureId: roster[1]!.candidatureId,
          numeroCandidat: roster[1]!.numeroCandidat,
          motif: 'Décision revue.',
        },
      });
    await deliberate({
      type: 'CloseDeliberation',
      data: {
        ...jury,
        sessionStatut: 'deliberation',
        reference: { numeroArrete: `${n}/MINEFOP`, dateArrete: '2026-07-10' },
        candidats: notes.map((note, i) => candidate(i, note)),
      },
    });
    // A dispute after closing: the mark changes, the result waits for a new deliberation.
    await sheet({
      type: 'ModifyMark',
      data: {
        candidatureId: roster[2]!.candidatureId,
        note: 7,
        motif: 'Réclamation : erreur de report.',
        origine: 'contentieux',
      },
    });
    if (n % 2 === 0)
      await deliberate({
        type: 'Redeliberate',
        data: {
          ...jury,
          candidat: candidate(2, 7),
          motif: 'Note corrigée après réclamation.',
          derogation: null,
        },
      });
  },
};

/**
 * Minutes and the visibility of results: each story archives the PV of a jury × centre (a second
 * version one story in three), as the archive route records it once the bytes are copied (the file
 * itself is not made here), and switches the exam session's results and average on or off.
 */
const minutes: AggregateSamples = {
  name: 'archives des PV et visibilité des résultats',
  provides: [],
  writes: [PV_ARCHIVE_CATEGORY, RESULTS_VISIBILITY_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, siteId } = await examOf(scope);
    const juryId = `jury-pv-${n}`;
    const archiveId = pvArchiveId(juryId, siteId);
    for (let version = 1; version <= (n % 3 === 0 ? 2 : 1); version += 1) {
      const sha256 = createHash('sha256').update(`${archiveId}#${version}`).digest('hex');
      await handleCommand(scope.eventStore, {
        stream: streamName(PV_ARCHIVE_CATEGORY, archiveId),
        decider: pvArchiveDecider,
        command: {
          type: 'ArchivePv',
          data: {
            archiveId,
            sessionId,
            juryId,
            centreExamenId: siteId,
            documentId: `document-pv-${n}-${version}`,
            fichier: pvArchiveFile(sha256),
            nomFichier: `proces-verbal-jury-${n}.pdf`,
            sha256,
            taille: 20_000 + n,
            pages: 1 + (n % 5),
            numeroArrete: `${n}/MINEFOP`,
            dateArrete: '2027-07-10',
            libelle: `Jury ${n} — Centre`,
            session: 'Session des PV',
          },
        },
        context: scope.context(),
      });
    }
    await handleCommand(scope.eventStore, {
      stream: streamName(RESULTS_VISIBILITY_CATEGORY, sessionId),
      decider: resultsVisibilityDecider,
      command: {
        type: 'SetResultsVisibility',
        data: {
          sessionId,
          visible: n % 2 === 0,
          moyenneVisible: n % 4 < 2,
          jurys: [{ id: juryId, libelle: `Jury ${n}`, close: true }],
        },
      },
      context: scope.context(),
    });
  },
};

/**
 * Admission decisions: each story deposits a signature version, prepares a département's decision
 * (refreshed one story in two), signs it, and writes what the reactor and the workers then write —
 * the signed PDF's request and outcome (the file itself is not made here), its seal on the decision
 * — through the deciders and the shared handler, as the routes and the reactor do.
 */
const admissionDecisions: AggregateSamples = {
  name: 'décisions d’admission',
  provides: [],
  writes: [MINISTER_SIGNATURE_CATEGORY, DECISION_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId } = await examOf(scope);
    const sha = createHash('sha256').update(`signature-ministre-${n}`).digest('hex');
    const deposited = await handleCommand(scope.eventStore, {
      stream: streamName(MINISTER_SIGNATURE_CATEGORY, MINISTER_SIGNATURE_ID),
      decider: ministerSignatureDecider,
      command: {
        type: 'DepositMinisterSignature',
        data: {
          fichier: `image-${sha}.png`,
          sha256: sha,
          taille: 1_000 + n,
          type: 'image/png',
          nomFichier: `signature-${n}.png`,
        },
      },
      context: scope.context(),
    });
    const departementId = await scope.reference('departements');
    const decisionId = admissionDecisionId(`${sessionId}-decision-${n}`, departementId, 1);
    const decide = commandsOn(
      scope,
      streamName(DECISION_CATEGORY, decisionId),
      admissionDecisionDecider,
    );
    const candidate = (i: number): DecisionCandidate => ({
      candidatureId: `candidature-decision-${n}-${i}`,
      numeroCandidat: `DEC-${String(n * 10 + i).padStart(5, '0')}`,
      nom: ['Abena', 'Bilong', 'Chindji'][i % 3]!,
      prenoms: `Numéro ${i}`,
      sexe: i % 2 ? 'M' : 'F',
      dateNaissance: '1990-05-04',
      lieuNaissance: 'Bafoussam',
      metierId: 'metier',
      metier: 'Métier',
      juryId: `jury-decision-${n}`,
    });
    const jurys = [{ id: `jury-decision-${n}`, libelle: `Jury ${n}` }];
    await decide({
      type: 'PrepareDecision',
      data: {
        decisionId,
        sessionId: `${sessionId}-decision-${n}`,
        departementId,
        numero: 1,
        remplace: null,
        candidats: [candidate(0), candidate(1)],
        jurys,
      },
    });
    const candidats =
      n % 2 === 0 ? [candidate(0), candidate(1), candidate(2)] : [candidate(0), candidate(1)];
    if (n % 2 === 0) await decide({ type: 'RefreshDecision', data: { candidats, jurys } });
    const signature = {
      numero: deposited.state.numero,
      fichier: `image-${sha}.png`,
      sha256: sha,
      taille: 1_000 + n,
      type: 'image/png' as const,
      deposeLe: new Date(START).toISOString(),
      deposePar: 'Générateur de charge',
    };
    const documentId = decisionDocumentId(decisionId);
    await decide({
      type: 'SignDecision',
      data: {
        candidatsActuels: candidats,
        contenu: {
          reference: `${n}/MINEFOP/CAB`,
          examen: { code: 'CQP', libelle: 'CQP' },
          session: { libelle: 'Session des décisions', annee: 2027 },
          departement: { libelle: 'Département', zone: 'Zone' },
          arrete: { numeroArrete: `${n}/MINEFOP`, dateArrete: '2027-07-10' },
          visas: ['la Constitution'],
          ampliations: ['Intéressés'],
        },
        signature,
        referencesSignees: [],
        documentId,
      },
    });
    const worker: Actor = { id: 'generateur-documents', name: 'Générateur de documents' };
    const document = commandsOn(scope, streamName(DOCUMENT_CATEGORY, documentId), documentDecider);
    await document({
      type: 'RequestDocument',
      data: {
        documentId,
        kind: 'decision-admission',
        cible: {
          sessionId: `${sessionId}-decision-${n}`,
          departementId,
          decisionId,
          libelle: `Département — décision n° ${n}/MINEFOP/CAB`,
        },
      },
    });
    const pdf = createHash('sha256').update(documentId).digest('hex');
    await document(
      {
        type: 'RecordDocumentGenerated',
        data: {
          documentId,
          fileName: 'decision-admission.pdf',
          sha256: pdf,
          size: 9_000 + n,
          pages: 1,
        },
      },
      worker,
    );
    await decide(
      {
        type: 'SealDecision',
        data: { decisionId, documentId, sha256: pdf, taille: 9_000 + n, pages: 1 },
      },
      worker,
    );
  },
};

/**
 * Attestations: each story closes a jury of two admitted candidates, then writes what a document
 * of their attestations makes the workers write — the request, each candidate's code (reserved,
 * then issued; drawn from the story's number, not the CSPRNG, so that a seed makes the same log),
 * the print record and the outcome (the file itself is not made here) — through the deciders and
 * the shared handler, as the route and the workers do.
 */
const attestations: AggregateSamples = {
  name: 'attestations',
  provides: [],
  writes: [
    DELIBERATION_CATEGORY,
    ATTESTATION_CATEGORY,
    ATTESTATION_PRINT_CATEGORY,
    VERIFICATION_CATEGORY,
  ],
  weight: 1,
  async story(scope, n) {
    const { sessionId, siteId, epreuveId } = await examOf(scope);
    const juryId = `jury-attestations-${n}`;
    const session = `${sessionId}-attestations-${n}`;
    const epreuve = {
      id: epreuveId,
      code: 'EPR',
      libelle: 'Épreuve des attestations',
      coefficient: 1,
      noteMax: 20,
      eliminatoire: false,
    };
    const candidats: CandidateComputation[] = [13, 15].map((note, i) => ({
      candidatureId: `candidature-attestation-${n}-${i}`,
      numeroCandidat: `ATT-${String(n * 10 + i).padStart(5, '0')}`,
      numeroDossier: `DOS-ATT-${n}-${i}`,
      nom: ['Abena', 'Bilong'][i]!,
      prenoms: `Numéro ${i}`,
      sexe: i % 2 ? 'M' : 'F',
      dateNaissance: '1991-02-03',
      lieuNaissance: 'Ebolowa',
      categorie: 'libre',
      handicapId: null,
      metierId: 'metier',
      centreDepotId: 'depot',
      siteId,
      centreExamenId: 'centre',
      departementId: 'departement',
      zoneId: 'zone',
      computation: computeResult(
        [epreuve],
        { [epreuveId]: { presence: 'present', note } },
        { noteDePassage: 10, noteEliminatoire: null },
      ),
    }));
    await handleCommand(scope.eventStore, {
      stream: streamName(DELIBERATION_CATEGORY, juryId),
      decider: deliberationDecider,
      command: {
        type: 'CloseDeliberation',
        data: {
          juryId,
          sessionId: session,
          sessionStatut: 'deliberation',
          reference: { numeroArrete: `${n}/MINEFOP`, dateArrete: '2027-07-10' },
          candidats,
        },
      },
      context: scope.context(),
    });
    const documentId = `document-attestations-${n}`;
    const document = commandsOn(scope, streamName(DOCUMENT_CATEGORY, documentId), documentDecider);
    await document({
      type: 'RequestDocument',
      data: {
        documentId,
        kind: n % 2 === 0 ? 'attestations' : 'diplomes',
        cible: {
          sessionId: session,
          candidatureIds: candidats.map((c) => c.candidatureId),
          adressePublique: 'https://examens.example.org',
          libelle: '2 candidats',
        },
      },
    });
    for (const [i, candidat] of candidats.entries()) {
      const stream = streamName(ATTESTATION_CATEGORY, candidat.candidatureId);
      const code = verificationCodeFromBytes(
        createHash('sha256').update(`${candidat.candidatureId}#${i}`).digest(),
      );
      const context = scope.context();
      await reserveUniqueValue(
        scope.eventStore,
        { resource: ATTESTATION_CATEGORY, field: 'code', value: code },
        stream,
        context,
      );
      await handleCommand(scope.eventStore, {
        stream,
        decider: attestationDecider,
        command: {
          type: 'IssueAttestation',
          data: {
            candidatureId: candidat.candidatureId,
            sessionId: session,
            juryId,
            numeroCandidat: candidat.numeroCandidat,
            code,
            adresse: verificationAddress('https://examens.example.org', code),
            documentId,
            admis: true,
          },
        },
        context,
      });
      // Checked on the public page as many times as its index says, as the public route records it.
      for (let k = 0; k <= i; k += 1)
        await scope.eventStore.appendToStream(
          verificationStream(candidat.candidatureId, '2027-07-20'),
          toEnvelopes(
            [
              {
                type: 'AttestationVerified',
                data: { candidatureId: candidat.candidatureId, code, jour: '2027-07-20' },
              },
            ],
            { ...scope.context(), actor: PUBLIC_ACTOR },
          ),
        );
    }
    await handleCommand(scope.eventStore, {
      stream: streamName(ATTESTATION_PRINT_CATEGORY, documentId),
      decider: attestationPrintDecider,
      command: {
        type: 'RecordPrint',
        data: {
          documentId,
          sessionId: session,
          kind: n % 2 === 0 ? 'attestations' : 'diplomes',
          partie: 0,
          candidatureIds: candidats.map((c) => c.candidatureId),
        },
      },
      context: scope.context(),
    });
    await document(
      {
        type: 'RecordDocumentGenerated',
        data: {
          documentId,
          fileName: 'attestations.pdf',
          sha256: createHash('sha256').update(documentId).digest('hex'),
          size: 8_000 + n,
          pages: candidats.length,
        },
      },
      { id: 'generateur-documents', name: 'Générateur de documents' },
    );
  },
};

/**
 * Online payments (`/paiement`): a dossier of the candidatures' session paid through the sandbox,
 * as the public routes and the provider's notifications write it (their signature is the routes'
 * concern), by `n`: paid at once; part at the counter, the rest online; a failure, then a payment;
 * or confirmed after the counter took part of it meanwhile (refused by the dossier, to refund).
 */
const onlinePayments: AggregateSamples = {
  name: 'paiements-en-ligne',
  provides: [],
  writes: [ONLINE_PAYMENT_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, metierId } = await registrationOf(scope);
    const dossiers = candidatureHandlersOf(scope.eventStore);
    const body = {
      sessionId,
      metierId,
      centreDepotId: await scope.reference('centres-depot'),
      categorie: 'libre',
      nom: `Payeur-${n}`,
      prenoms: `Prénom-${n}`,
      sexe: n % 2 === 0 ? 'F' : 'M',
      dateNaissance: `198${n % 10}-0${1 + (n % 9)}-2${n % 8}`,
      lieuNaissance: 'Douala',
      nationalite: 'Camerounaise',
      telephone: `+2376${String(50_000_000 + n).slice(-8)}`,
      niveauId: await scope.reference('niveaux-scolarisation'),
    };
    const context = scope.context();
    const id = newItemId(context.commandId);
    let { revision } = await dossiers.create(id, parseCandidature(body, context), null, context);
    scope.references(streamName(CANDIDATURE_CATEGORY, id), {
      sessions: [sessionId],
      metiers: [metierId],
      'centres-depot': [body.centreDepotId],
      'niveaux-scolarisation': [body.niveauId],
    });
    const payments = onlinePaymentCommands(scope.eventStore, {
      timeZone: DEFAULT_TIME_ZONE,
      newPayment: () => {
        const { commandId } = scope.context();
        return {
          paiementEnLigneId: newItemId(commandId),
          secret: createHash('sha256').update(`jeton:${commandId}`).digest(),
        };
      },
    });
    const sandbox = { code: DEMONSTRATION_PROVIDER, libelle: DEMONSTRATION_LABEL };
    const start = async () =>
      (
        await payments.start(
          id,
          sandbox,
          { examen: 'CQP', session: 'Session des candidatures' },
          scope.context().now,
        )
      ).paiementEnLigneId;
    let k = 0;
    const notify = async (
      paiementEnLigneId: string,
      montant: number,
      statut: 'paye' | 'echoue',
    ) => {
      k += 1;
      await payments.notified(
        {
          id: `demo-${n}-${k}`,
          paiementEnLigneId,
          statut,
          reference: `DEMO-${n}-${k}`,
          montant,
          motif: 'Solde insuffisant.',
        },
        sandbox,
        Date.parse(scope.context().now),
      );
    };
    const atCounter = async (montant: number) => {
      revision = (
        await dossiers.recordPayment(
          id,
          { montant, date: '2026-11-20', reference: `GUI-EL-${n}` },
          revision,
          null,
          scope.context(),
        )
      ).revision;
    };
    const phase = n % 4;
    if (phase === 1) await atCounter(5000);
    if (phase === 2) await notify(await start(), 15000, 'echoue');
    const paiementEnLigneId = await start();
    if (phase === 3) await atCounter(5000);
    await notify(paiementEnLigneId, phase === 1 ? 10000 : 15000, 'paye');
  },
};

/** The registry: every aggregate whose commands the product has, with its stories. */
export const SAMPLES: readonly AggregateSamples[] = [
  geography,
  referenceLists,
  metiers,
  sessions,
  profiles,
  users,
  documents,
  maintenance,
  signInJournal,
  candidatures,
  personLists,
  allocationRuns,
  incidents,
  examIncidents,
  grades,
  deliberations,
  minutes,
  admissionDecisions,
  attestations,
  onlinePayments,
];
