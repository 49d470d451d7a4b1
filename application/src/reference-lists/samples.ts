import { ensureGeography, listCommands } from './lists.js';
import {
  DEFAULT_GEOGRAPHY,
  geographyCode,
  listItemDecider,
  parseListItem,
  REFERENCE_LISTS,
  referenceList,
  streamName,
  type CommandContext,
  type ListField,
  type ReferenceListDefinition,
} from '@examens-pro/domain';
import { eventIdFor, handleCommand, newItemId, releaseUniqueValue } from '@examens-pro/platform';
import { type AggregateSamples, GENERATOR, START, type StoryScope } from '../sampleScope.js';

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
export const METIERS = 'metiers';
const writableLists = REFERENCE_LISTS.filter((l) => !l.readOnly && l.name !== METIERS);

let numberedExamples = 0;

/**
 * A value of each field type that the list's form accepts; `fresh`: a reference to a new item (a
 * field of the list's `unique` key: one fee per session, so each fee gets a session of its own).
 */
const sampleValue = async (
  scope: StoryScope,
  field: ListField,
  n: number,
  fresh = false,
): Promise<unknown> => {
  switch (field.type) {
    case 'text':
      // `{n}` numbers an example that must differ between items and versions (a redirection's chemin).
      if (field.example)
        return n % 2 === 0 || field.required
          ? field.example.replace('{n}', `${n}-${(numberedExamples += 1)}`)
          : '';
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

export const referencesOf = (list: ReferenceListDefinition, values: Record<string, unknown>) => {
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
const createItem = async (scope: StoryScope, list: ReferenceListDefinition, n: number) => {
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
  scope: StoryScope,
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

export const referenceLists: AggregateSamples = {
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
export const geography: AggregateSamples = {
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
export const metiers: AggregateSamples = {
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
