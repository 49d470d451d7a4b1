import { ensureGeography, listCommands, sessionCommands } from '@examens-pro/application';
import {
  fold,
  listItemDecider,
  referenceList,
  reservationDecider,
  streamName,
  uniqueValueStream,
  type ReservationEvent,
  type Actor,
  type CommandContext,
  type ListItemEvent,
  type ListValues,
  type SessionStatus,
} from '@examens-pro/domain';
import { eventIdFor, type Ports } from '@examens-pro/platform';
import { seedDemoRegistration } from './demoRegistration.js';
import { DEMO_METIERS as METIERS } from './demoNames.js';

/**
 * The demonstration data of `npm run seed:demo`: a realistic office to look around in — 2 examens, 1 session open for
 * registration, 30 métiers, 10 centres d'examen with 40 sites, épreuves, fees and the small lists;
 * 120 patrons, 400 apprentis and 2,000 dossiers of candidature (see demoRegistration.ts).
 * Deterministic ids and command ids: running it twice adds nothing. Works beside a running product
 * (it follows other processes' appends within a quarter of a second).
 */
const ACTOR: Actor = { id: 'demonstration', name: 'Données de démonstration' };

/** One centre d'examen per region, in the département of its chief town. */
const CENTRES: readonly [string, string, string][] = [
  ['NGD', 'Ngaoundéré', 'VINA'],
  ['YDE', 'Yaoundé', 'MFOUNDI'],
  ['BTA', 'Bertoua', 'LOM-ET-DJEREM'],
  ['MRA', 'Maroua', 'DIAMARE'],
  ['DLA', 'Douala', 'WOURI'],
  ['GRA', 'Garoua', 'BENOUE'],
  ['BDA', 'Bamenda', 'MEZAM'],
  ['BFS', 'Bafoussam', 'MIFI'],
  ['EBW', 'Ebolowa', 'MVILA'],
  ['BUE', 'Buea', 'FAKO'],
];

const SITES = ['Lycée technique', 'Lycée bilingue', 'CETIC', 'Collège d’enseignement technique'];

const SMALL_LISTS: Record<string, readonly [string, string, ListValues?][]> = {
  langues: [
    ['FR', 'Français'],
    ['EN', 'Anglais'],
  ],
  'niveaux-scolarisation': [
    ['CEP', 'Certificat d’études primaires', { rang: 1 }],
    ['BEPC', 'BEPC', { rang: 2 }],
    ['PROBA', 'Probatoire', { rang: 3 }],
    ['BAC', 'Baccalauréat', { rang: 4 }],
  ],
  'motifs-rejet': [
    ['PIECE', 'Pièce manquante'],
    ['ILLISIBLE', 'Document illisible'],
    ['AGE', 'Âge non conforme'],
  ],
  'types-incidents': [
    ['DOUBLON', 'Dossier en double'],
    ['PAIEMENT', 'Paiement non reçu'],
  ],
  'types-incidents-examen': [
    ['FRAUDE', 'Tentative de fraude'],
    ['RETARD', 'Retard du candidat'],
    ['MALAISE', 'Malaise pendant l’épreuve'],
  ],
  'types-jurys': [
    ['DELIB', 'Jury de délibération'],
    ['PRAT', 'Jury d’épreuve pratique'],
  ],
  'fonctions-membres-jurys': [
    ['PRES', 'Président'],
    ['VICE', 'Vice-président'],
    ['MEMB', 'Membre'],
    ['SECR', 'Secrétaire'],
  ],
  'types-handicap': [
    [
      'VIS',
      'Déficience visuelle',
      { amenagement: 'Sujets en gros caractères, un tiers de temps en plus' },
    ],
    ['MOT', 'Déficience motrice', { amenagement: 'Salle accessible, un tiers de temps en plus' }],
    ['AUD', 'Déficience auditive', { amenagement: 'Consignes écrites' }],
  ],
};

/**
 * What the seeding steps share: the stores, the instant, the counts of what they add, and how they
 * add an item (deterministic ids and command ids, an existing item or code kept).
 */
const demoWriter = (ports: Pick<Ports, 'eventStore' | 'readStore'>, now: string) => {
  const { eventStore, readStore } = ports;
  const context = (key: string): CommandContext => ({
    commandId: `demonstration-${key}`,
    actor: ACTOR,
    now,
  });
  const idOf = (key: string) => eventIdFor(`demonstration-${key}`, 0);
  const exists = async (category: string, id: string) =>
    (await eventStore.readStream(streamName(category, id), { maxCount: 1 })).length > 0;
  const counts: Record<string, number> = {};
  /** An office that already has an item under this code keeps it; the demonstration uses it. */
  const holderOfCode = async (category: string, code: string): Promise<string | undefined> => {
    const reservation = fold(
      reservationDecider,
      (await eventStore.readStream(
        uniqueValueStream(category, 'code', code),
      )) as unknown as ReservationEvent[],
    );
    return reservation.status === 'reserved'
      ? reservation.ownerId.slice(category.length + 1)
      : undefined;
  };
  const item = async (list: string, code: string, libelle: string, values: ListValues = {}) => {
    const key = `${list}-${code}`;
    const id = idOf(key);
    if (await exists(list, id)) return id;
    const holder = await holderOfCode(list, code);
    if (holder) return holder;
    await listCommands(eventStore, readStore, referenceList(list)!).create(
      id,
      { code, libelle, values },
      context(key),
    );
    counts[list] = (counts[list] ?? 0) + 1;
    return id;
  };
  /** The id of a seeded geography item, from its code. */
  const geography = async (list: 'zones' | 'departements', code: string) => {
    const id = eventIdFor(`geographie-${list}-${code}`, 0);
    const state = fold(
      listItemDecider,
      (await eventStore.readStream(streamName(list, id))) as unknown as ListItemEvent[],
    );
    if (state.status === 'absent') throw new Error(`${list} ${code} absent`);
    return id;
  };
  return { eventStore, readStore, counts, context, idOf, exists, holderOfCode, item, geography };
};

type DemoWriter = ReturnType<typeof demoWriter>;

/** The small lists: their items' ids by list, then by code. */
const seedSmallLists = async ({ item }: DemoWriter) => {
  const small: Record<string, Record<string, string>> = {};
  for (const [list, items] of Object.entries(SMALL_LISTS))
    for (const [code, libelle, values] of items)
      (small[list] ??= {})[code] = await item(list, code, libelle, values);
  return small;
};

/** The 30 métiers (codes M01…): their ids, in the order of their names. */
const seedMetiers = async (writer: DemoWriter) => {
  const { eventStore, readStore, counts, context, idOf, exists, holderOfCode } = writer;
  const metiers = listCommands(eventStore, readStore, referenceList('metiers')!);
  const metierIds: string[] = [];
  for (const [index, libelle] of METIERS.entries()) {
    const code = `M${String(index + 1).padStart(2, '0')}`;
    const id = idOf(`metiers-${code}`);
    const holder = (await exists('metiers', id)) ? id : await holderOfCode('metiers', code);
    if (!holder) {
      await metiers.create(
        id,
        { code, libelle, values: { filiereId: null, corpsDeMetierId: null } },
        context(`metiers-${code}`),
      );
      counts.metiers = (counts.metiers ?? 0) + 1;
    }
    metierIds.push(holder ?? id);
  }
  return metierIds;
};

/** The two examens (CQP, DQP) with their épreuves, and the pièces justificatives. */
const seedExamens = async ({ item }: DemoWriter) => {
  const cqp = await item('examens', 'CQP', 'Certificat de qualification professionnelle', {
    noteDePassage: 10,
    noteEliminatoire: 5,
  });
  const dqp = await item('examens', 'DQP', 'Diplôme de qualification professionnelle', {
    noteDePassage: 10,
    noteEliminatoire: 5,
  });
  for (const [examen, prefix] of [
    [cqp, 'CQP'],
    [dqp, 'DQP'],
  ] as const) {
    await item('epreuves', `${prefix}-THEO`, 'Épreuve théorique', {
      examenId: examen,
      metierId: null,
      coefficient: 2,
      noteMax: 20,
      typeEpreuve: 'ecrite',
      eliminatoire: false,
    });
    await item('epreuves', `${prefix}-PRAT`, 'Épreuve pratique', {
      examenId: examen,
      metierId: null,
      coefficient: 4,
      noteMax: 20,
      typeEpreuve: 'pratique',
      eliminatoire: true,
    });
    await item('epreuves', `${prefix}-CG`, 'Culture générale', {
      examenId: examen,
      metierId: null,
      coefficient: 1,
      noteMax: 20,
      typeEpreuve: 'ecrite',
      eliminatoire: false,
    });
  }
  const acte = await item('pieces-justificatives', 'ACTE', 'Copie d’acte de naissance', {
    obligatoire: true,
    examenIds: [],
  });
  const photo = await item('pieces-justificatives', 'PHOTO', 'Deux photos d’identité', {
    obligatoire: true,
    examenIds: [],
  });
  await item('pieces-justificatives', 'ATTEST', 'Attestation de stage', {
    obligatoire: false,
    examenIds: [dqp],
  });
  return { cqp, acte, photo };
};

/** A centre d'examen, a centre de dépôt and four sites per town: the centres de dépôt. */
const seedCentres = async ({ item, geography }: DemoWriter) => {
  const centresDepot: { id: string; departementId: string; ville: string }[] = [];
  for (const [code, town, departement] of CENTRES) {
    const departementId = await geography('departements', departement);
    const centre = await item('centres-examen', code, `Centre d’examen de ${town}`, {
      departementId,
    });
    const depot = await item('centres-depot', `DEP-${code}`, `Centre de dépôt de ${town}`, {
      departementId,
      adresse: `Délégation régionale, ${town}`,
      telephone: '',
    });
    centresDepot.push({ id: depot, departementId, ville: town });
    for (const [index, kind] of SITES.entries())
      await item('sites-composition', `${code}-${index + 1}`, `${kind} de ${town}`, {
        centreExamenId: centre,
        capacite: 150 + 50 * index,
        adresse: town,
      });
  }
  return centresDepot;
};

/**
 * The CQP 2027 session, open for registration: its fee, its dossiers' settings, its 20 métiers,
 * and the levels some of them require.
 */
const seedSession = async (
  writer: DemoWriter,
  cqp: string,
  metierIds: readonly string[],
  niveaux: Record<string, string>,
) => {
  const { eventStore, counts, context, idOf, exists, item } = writer;
  const sessionId = idOf('session-cqp-2027');
  const sessions = sessionCommands(eventStore);
  if (!(await exists('sessions', sessionId))) {
    const created = await sessions.create(
      sessionId,
      {
        examenId: cqp,
        annee: 2027,
        libelle: 'CQP session 2027',
        ouvertureInscriptions: '2026-11-02',
        clotureInscriptions: '2027-02-26',
        debutComposition: '2027-06-14',
        finComposition: '2027-06-18',
      },
      context('session-cqp-2027'),
    );
    const to: SessionStatus = 'inscriptions-ouvertes';
    await sessions.advance(sessionId, to, created.revision, context('session-cqp-2027-ouverture'));
    counts.sessions = 1;
  }
  await item('frais-examen', 'CQP-2027', 'Frais d’inscription CQP 2027', {
    sessionId,
    montant: 15_000,
    prefixePaiement: 'CQP27',
  });
  await item('parametres-edition', 'CQP-2027', 'Édition des dossiers CQP 2027', {
    sessionId,
    dateLimiteModification: '2027-02-20',
    modificationApresValidation: false,
    // Dossier numbers read CQP27-000001.
    prefixeDossier: 'CQP27',
    ageMinimum: 16,
  });
  for (const [index, metierId] of metierIds.slice(0, 20).entries())
    await item('metiers-ouverts', `CQP27-M${String(index + 1).padStart(2, '0')}`, METIERS[index]!, {
      sessionId,
      metierId,
      quota: null,
    });
  // Some métiers require a level: Électricité bâtiment, Froid et climatisation, Électronique (BEPC),
  // Maintenance informatique (Probatoire).
  const niveauIds = ['CEP', 'BEPC', 'PROBA', 'BAC'].map((code) => niveaux[code]!);
  const niveauxRequis = new Map<number, number>([
    [1, 1],
    [12, 1],
    [13, 1],
    [14, 2],
  ]);
  for (const [metier, niveau] of niveauxRequis)
    await item('niveaux-requis', `NR-M${String(metier + 1).padStart(2, '0')}`, METIERS[metier]!, {
      metierId: metierIds[metier]!,
      niveauId: niveauIds[niveau]!,
    });
  return { sessionId, niveauIds, niveauxRequis };
};

export const seedDemo = async (
  ports: Pick<Ports, 'eventStore' | 'readStore' | 'storage'>,
  registration: { readonly candidatures?: number; readonly timeZone?: string } = {},
): Promise<Record<string, number>> => {
  const { eventStore, readStore } = ports;
  const now = new Date().toISOString();
  const writer = demoWriter(ports, now);
  const { counts } = writer;

  await ensureGeography(eventStore, readStore, { actor: ACTOR, now });
  const small = await seedSmallLists(writer);
  const metierIds = await seedMetiers(writer);
  const { cqp, acte, photo } = await seedExamens(writer);
  const centresDepot = await seedCentres(writer);
  const { sessionId, niveauIds, niveauxRequis } = await seedSession(
    writer,
    cqp,
    metierIds,
    small['niveaux-scolarisation']!,
  );

  if (registration.candidatures !== 0)
    await seedDemoRegistration(
      ports,
      {
        sessionId,
        metierIds: metierIds.slice(0, 20),
        niveauIds,
        niveauxRequis,
        centresDepot,
        langueIds: [small.langues!.FR!, small.langues!.EN!],
        handicapIds: Object.values(small['types-handicap']!),
        pieceIds: { acte, photo },
        motifs: {
          piece: small['motifs-rejet']!.PIECE!,
          illisible: small['motifs-rejet']!.ILLISIBLE!,
          age: small['motifs-rejet']!.AGE!,
        },
        ouverture: '2026-11-02',
        dateLimite: '2027-02-20',
        fee: 15_000,
      },
      ACTOR,
      counts,
      registration,
    );
  return counts;
};
