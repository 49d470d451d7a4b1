/**
 * The dataset of the statistical reports' tests (route tests and browser journey), made through
 * the product's own HTTP routes, with totals known in advance. Session « CQP 2027 » (fee 15 000
 * FCFA, not required before validation; pièces « Acte de naissance », obligatory, and « Photo
 * d’identité »), centres de dépôt « Dépôt de Yaoundé » (Mfoundi, zone Centre) and « Dépôt de
 * Douala » (Wouri, zone Littoral), métiers Électricité and Coiffure; patrons « Garage Ndzana »
 * (Électricité, Mfoundi, responsable M), « Salon Gweth » (Coiffure, Wouri, M) and « Atelier Mbah »
 * (Électricité, Wouri, F, no candidate); ten dossiers:
 *
 * | # | nom      | sexe | dépôt   | métier | catégorie          | par       | pièces      | payé   | statut    |
 * |---|----------|------|---------|--------|--------------------|-----------|-------------|--------|-----------|
 * | 0 | Abena    | F    | Yaoundé | ELEC   | apprenti (Ndzana)  | enrôleur  | acte, photo | 15 000 | validé    |
 * | 1 | Bilong   | M    | Yaoundé | ELEC   | apprenti (Ndzana)  | enrôleur  | acte        | 10 000 | affecté   |
 * | 2 | Chindji  | F    | Yaoundé | COIF   | libre              | enrôleur  | acte        | —      | soumis    |
 * | 3 | Dika     | M    | Yaoundé | COIF   | libre              | admin     | —           | 5 000  | rejeté    |
 * | 4 | Essomba  | F    | Yaoundé | ELEC   | libre              | admin     | —           | —      | brouillon |
 * | 5 | Fouda    | F    | Douala  | COIF   | apprenti (Gweth)   | admin     | acte, photo | 15 000 | validé    |
 * | 6 | Gweth    | M    | Douala  | COIF   | patron (Gweth)     | admin     | acte        | —      | soumis    |
 * | 7 | Hamadou  | M    | Douala  | ELEC   | libre              | admin     | —           | —      | désisté   |
 * | 8 | Isseri   | F    | Douala  | ELEC   | libre              | admin     | —           | —      | brouillon |
 * | 9 | Jato     | M    | Yaoundé | ELEC   | libre              | admin     | —           | —      | supprimé  |
 *
 * The supervisor checks the pièces and validates (#0, #1, #5) or rejects (#3); the enrôleur
 * belongs to the « Dépôt de Yaoundé ». `REPORT_TOTALS` holds what the reports must say.
 */

/** What a command answers. */
export interface ReportAnswer {
  readonly id: string;
  readonly revision: number;
  readonly position: string;
}

/** How the dataset is sent: as one signed-in user, through the routes. */
export interface ReportClient {
  command(
    method: 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    revision?: number,
  ): Promise<ReportAnswer>;
  /** A file's raw bytes (a pièce). */
  upload(url: string, bytes: Buffer, revision: number, name: string): Promise<ReportAnswer>;
  get<T>(url: string): Promise<T>;
}

export interface ReportActors {
  readonly admin: ReportClient;
  /** Registers at the « Dépôt de Yaoundé » (default: the administrator). */
  readonly enroleur?: ReportClient;
  /** Checks pièces, validates and rejects (default: the administrator). */
  readonly superviseur?: ReportClient;
}

export const REPORT_SESSION = 'CQP 2027';

type Step =
  | 'soumettre'
  | 'valider'
  | 'rejeter'
  | 'affecter'
  | 'desister'
  | 'supprimer'
  | { piece: 'acte' | 'photo' }
  | { verifier: 'acte' }
  | { payer: number };

interface DossierPlan {
  readonly nom: string;
  readonly prenoms: string;
  readonly sexe: 'F' | 'M';
  readonly depot: 'yaounde' | 'douala';
  readonly metier: 'elec' | 'coif';
  readonly categorie: 'libre' | 'apprenti' | 'patron';
  /** The apprenti (their patron follows) or the patron registered. */
  readonly record?: 'a1' | 'a2' | 'a3' | 'gweth';
  readonly by: 'enroleur' | 'admin';
  readonly steps: readonly Step[];
}

export const REPORT_DOSSIERS: readonly DossierPlan[] = [
  {
    nom: 'Abena',
    prenoms: 'Claire',
    sexe: 'F',
    depot: 'yaounde',
    metier: 'elec',
    categorie: 'apprenti',
    record: 'a1',
    by: 'enroleur',
    steps: [
      { piece: 'acte' },
      { piece: 'photo' },
      { payer: 15000 },
      'soumettre',
      { verifier: 'acte' },
      'valider',
    ],
  },
  {
    nom: 'Bilong',
    prenoms: 'Marc',
    sexe: 'M',
    depot: 'yaounde',
    metier: 'elec',
    categorie: 'apprenti',
    record: 'a2',
    by: 'enroleur',
    steps: [
      { piece: 'acte' },
      { payer: 10000 },
      'soumettre',
      { verifier: 'acte' },
      'valider',
      'affecter',
    ],
  },
  {
    nom: 'Chindji',
    prenoms: 'Rose',
    sexe: 'F',
    depot: 'yaounde',
    metier: 'coif',
    categorie: 'libre',
    by: 'enroleur',
    steps: ['soumettre', { piece: 'acte' }],
  },
  {
    nom: 'Dika',
    prenoms: 'Paul',
    sexe: 'M',
    depot: 'yaounde',
    metier: 'coif',
    categorie: 'libre',
    by: 'admin',
    steps: [{ payer: 5000 }, 'soumettre', 'rejeter'],
  },
  {
    nom: 'Essomba',
    prenoms: 'Lucie',
    sexe: 'F',
    depot: 'yaounde',
    metier: 'elec',
    categorie: 'libre',
    by: 'admin',
    steps: [],
  },
  {
    nom: 'Fouda',
    prenoms: 'Anne',
    sexe: 'F',
    depot: 'douala',
    metier: 'coif',
    categorie: 'apprenti',
    record: 'a3',
    by: 'admin',
    steps: [
      { piece: 'acte' },
      { piece: 'photo' },
      { payer: 15000 },
      'soumettre',
      { verifier: 'acte' },
      'valider',
    ],
  },
  {
    nom: 'Gweth',
    prenoms: 'Jean',
    sexe: 'M',
    depot: 'douala',
    metier: 'coif',
    categorie: 'patron',
    record: 'gweth',
    by: 'admin',
    steps: [{ piece: 'acte' }, 'soumettre'],
  },
  {
    nom: 'Hamadou',
    prenoms: 'Ali',
    sexe: 'M',
    depot: 'douala',
    metier: 'elec',
    categorie: 'libre',
    by: 'admin',
    steps: ['soumettre', 'desister'],
  },
  {
    nom: 'Isseri',
    prenoms: 'Marie',
    sexe: 'F',
    depot: 'douala',
    metier: 'elec',
    categorie: 'libre',
    by: 'admin',
    steps: [],
  },
  {
    nom: 'Jato',
    prenoms: 'Yves',
    sexe: 'M',
    depot: 'yaounde',
    metier: 'elec',
    categorie: 'libre',
    by: 'admin',
    steps: ['supprimer'],
  },
];

/** What the reports say of the dataset (the session's, every filter off). */
export const REPORT_TOTALS = {
  statuts: { brouillon: 2, soumis: 2, valide: 2, affecte: 1, rejete: 1, desiste: 1, total: 9 },
  /** Per centre de dépôt: brouillon, soumis, validé, affecté, rejeté, désisté, total. */
  parCentre: {
    'Dépôt de Douala': [1, 1, 1, 0, 0, 1, 4],
    'Dépôt de Yaoundé': [1, 1, 1, 1, 1, 0, 5],
  },
  /** Per métier: dossiers, hommes, femmes, validés, rejetés, part (%). */
  parMetier: {
    Coiffure: [4, 2, 2, 1, 1, 44.4],
    Électricité: [5, 2, 3, 2, 0, 55.6],
    Total: [9, 4, 5, 3, 1, 100],
  },
  /** Per zone: no pièce … 5 or more, dossiers, pièces submitted, per dossier. */
  parZonePieces: {
    Centre: [2, 2, 1, 0, 0, 0, 5, 4, 0.8],
    Littoral: [2, 1, 1, 0, 0, 0, 4, 3, 0.75],
    Total: [4, 3, 2, 0, 0, 0, 9, 7, 0.78],
  },
  /** Per métier of the patron: registered, with candidates, candidates, validated. */
  patronsParMetier: {
    Coiffure: [1, 1, 2, 1],
    Électricité: [2, 1, 2, 2],
    Total: [3, 2, 4, 3],
  },
  /** Per patron: métier, département, candidates, men, women, validated. */
  parPatron: {
    'Garage Ndzana': ['Électricité', 'Mfoundi', 2, 1, 1, 2],
    'Salon Gweth': ['Coiffure', 'Wouri', 2, 1, 1, 1],
    Total: ['', '', 4, 2, 2, 3],
  },
  /** Per centre: dossiers en cours, réglés, dû, payé, reste (FCFA), taux de recouvrement (%). */
  financier: {
    'Dépôt de Douala': [3, 1, 45000, 15000, 30000, 33.3, 0],
    'Dépôt de Yaoundé': [4, 1, 60000, 30000, 35000, 41.7, 0],
    Total: [7, 2, 105000, 45000, 65000, 38.1, 0],
  },
  /** Per role: registered, validated, rejected, total. */
  parAgent: {
    admin: [7, 0, 0, 7],
    enroleur: [3, 0, 0, 3],
    superviseur: [0, 3, 1, 4],
    Total: [10, 3, 1, 14],
  },
} as const;

/** A minimal PDF: what a pièce's upload accepts (recognised from its bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

export interface ReportDataset {
  readonly ids: Record<string, string>;
  /** The dossiers' ids, in the table's order. */
  readonly dossiers: string[];
  /** Position of the last command, for read-your-writes. */
  readonly position: string;
}

/** Creates an item through its route, as `admin`: its id. */
const creator = (admin: ReportClient) => async (url: string, payload: Record<string, unknown>) =>
  (await admin.command('POST', url, payload)).id;

/**
 * The reference data: départements and zones (the product's seed), the examen and its session open
 * for registration with its settings and fee, métiers, niveau, centres de dépôt, motif, pièces, the
 * centre d'examen and its site. Their ids go into `ids`.
 */
const seedReportReference = async (admin: ReportClient, ids: Record<string, string>) => {
  const create = creator(admin);
  const first = async (resource: string, q: string) =>
    (
      await admin.get<{ id: string; zoneId?: string }[]>(`/api/${resource}?filter=${enc({ q })}`)
    )[0]!;
  const mfoundi = await first('departements', 'Mfoundi');
  const wouri = await first('departements', 'Wouri');
  Object.assign(ids, {
    mfoundi: mfoundi.id,
    wouri: wouri.id,
    centre: mfoundi.zoneId ?? '',
    littoral: wouri.zoneId ?? '',
  });

  ids.examen = await create('/api/examens', { code: 'CQP', libelle: 'CQP', noteDePassage: 10 });
  const session = await admin.command('POST', '/api/sessions', {
    examenId: ids.examen,
    annee: 2027,
    libelle: REPORT_SESSION,
    ouvertureInscriptions: '2026-10-01',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  ids.session = session.id;
  await admin.command(
    'POST',
    `/api/sessions/${session.id}/avancer`,
    { statut: 'inscriptions-ouvertes' },
    session.revision,
  );
  await create('/api/parametres-edition', {
    code: 'PE-CQP27',
    libelle: 'Paramètres CQP 2027',
    sessionId: ids.session,
    dateLimiteModification: '2099-12-31',
    prefixeDossier: 'CQP27',
  });
  await create('/api/frais-examen', {
    code: 'FR-CQP27',
    libelle: 'Frais CQP 2027',
    sessionId: ids.session,
    montant: 15000,
    prefixePaiement: 'CQP',
    paiementAvantValidation: false,
  });
  for (const [key, code, libelle] of [
    ['elec', 'ELEC', 'Électricité'],
    ['coif', 'COIF', 'Coiffure'],
  ] as const) {
    ids[key] = await create('/api/metiers', { code, libelle });
    await create('/api/metiers-ouverts', {
      code: `MO-${code}`,
      libelle: `${libelle} 2027`,
      sessionId: ids.session,
      metierId: ids[key],
    });
  }
  ids.niveau = await create('/api/niveaux-scolarisation', { code: 'CEP', libelle: 'CEP', rang: 1 });
  ids.yaounde = await create('/api/centres-depot', {
    code: 'DEP-YDE',
    libelle: 'Dépôt de Yaoundé',
    departementId: ids.mfoundi,
  });
  ids.douala = await create('/api/centres-depot', {
    code: 'DEP-DLA',
    libelle: 'Dépôt de Douala',
    departementId: ids.wouri,
  });
  ids.motif = await create('/api/motifs-rejet', { code: 'INC', libelle: 'Dossier incomplet' });
  ids.acte = await create('/api/pieces-justificatives', {
    code: 'ACTE',
    libelle: 'Acte de naissance',
    obligatoire: true,
    examenIds: [],
  });
  ids.photo = await create('/api/pieces-justificatives', {
    code: 'PHOTO',
    libelle: 'Photo d’identité',
    obligatoire: false,
    examenIds: [],
  });
  ids.centreExamen = await create('/api/centres-examen', {
    code: 'CE-YDE',
    libelle: 'Centre de Yaoundé',
    departementId: ids.mfoundi,
  });
  ids.site = await create('/api/sites-composition', {
    code: 'S-YDE',
    libelle: 'Lycée de Yaoundé',
    centreExamenId: ids.centreExamen,
    capacite: 100,
  });
};

/** The patrons and the apprentis the dossiers register (their ids into `ids`). */
const seedReportPeople = async (admin: ReportClient, ids: Record<string, string>) => {
  const create = creator(admin);
  const patron = (
    libelle: string,
    responsableNom: string,
    responsablePrenoms: string,
    responsableSexe: 'M' | 'F',
    metier: 'elec' | 'coif',
    departement: 'mfoundi' | 'wouri',
  ) =>
    create('/api/patrons', {
      libelle,
      responsableNom,
      responsablePrenoms,
      responsableSexe,
      telephone: '699 11 22 33',
      metierId: ids[metier],
      departementId: ids[departement],
    });
  ids.ndzana = await patron('Garage Ndzana', 'Ndzana', 'Roger', 'M', 'elec', 'mfoundi');
  ids.gweth = await patron('Salon Gweth', 'Gweth', 'Jean', 'M', 'coif', 'wouri');
  ids.mbah = await patron('Atelier Mbah', 'Mbah', 'Odile', 'F', 'elec', 'wouri');
  const apprenti = (plan: DossierPlan, patronKey: string, i: number) =>
    create('/api/apprentis', {
      nom: plan.nom,
      prenoms: plan.prenoms,
      sexe: plan.sexe,
      dateNaissance: `199${i}-03-${String(10 + i)}`,
      lieuNaissance: 'Bafoussam',
      nationalite: 'Camerounaise',
      patronId: ids[patronKey],
      metierId: ids[plan.metier],
      dateDebutApprentissage: '2023-09-01',
      niveauId: ids.niveau,
    });
  ids.a1 = await apprenti(REPORT_DOSSIERS[0]!, 'ndzana', 0);
  ids.a2 = await apprenti(REPORT_DOSSIERS[1]!, 'ndzana', 1);
  ids.a3 = await apprenti(REPORT_DOSSIERS[5]!, 'gweth', 5);
};

/** Dossier `i` of the table, taken through its steps: its id and the last command's answer. */
const seedReportDossier = async (
  actors: ReportActors,
  ids: Record<string, string>,
  plan: DossierPlan,
  i: number,
) => {
  const { admin } = actors;
  const as = plan.by === 'enroleur' ? (actors.enroleur ?? admin) : admin;
  const checker = actors.superviseur ?? admin;
  let answer = await as.command('POST', '/api/candidatures', {
    sessionId: ids.session,
    metierId: ids[plan.metier],
    centreDepotId: ids[plan.depot],
    categorie: plan.categorie,
    ...(plan.categorie === 'apprenti' ? { apprentiId: ids[plan.record!] } : {}),
    ...(plan.categorie === 'patron' ? { patronId: ids[plan.record!] } : {}),
    nom: plan.nom,
    prenoms: plan.prenoms,
    sexe: plan.sexe,
    dateNaissance: `199${i}-03-${String(10 + i)}`,
    lieuNaissance: 'Bafoussam',
    nationalite: 'Camerounaise',
    telephone: '699 11 22 33',
    niveauId: ids.niveau,
  });
  const id = answer.id;
  let payments = 0;
  for (const step of plan.steps) {
    const url = `/api/candidatures/${id}`;
    const { revision } = answer;
    if (step === 'valider') answer = await checker.command('POST', `${url}/valider`, {}, revision);
    else if (step === 'rejeter')
      answer = await checker.command(
        'POST',
        `${url}/rejeter`,
        { motifId: ids.motif, commentaire: 'Pièces illisibles' },
        revision,
      );
    else if (step === 'affecter')
      answer = await admin.command('POST', `${url}/affecter`, { siteId: ids.site }, revision);
    else if (step === 'supprimer') answer = await as.command('DELETE', url, undefined, revision);
    else if (typeof step === 'string')
      answer = await as.command('POST', `${url}/${step}`, {}, revision);
    else if ('piece' in step)
      answer = await as.upload(
        `${url}/pieces/${ids[step.piece]}`,
        PDF,
        revision,
        `${step.piece}.pdf`,
      );
    else if ('verifier' in step)
      answer = await checker.command(
        'POST',
        `${url}/pieces/${ids[step.verifier]}/valider`,
        {},
        revision,
      );
    else {
      payments += 1;
      answer = await as.command(
        'POST',
        `${url}/paiements`,
        {
          montant: step.payer,
          date: '2026-11-20',
          reference: `REC-${String(i).padStart(2, '0')}-${payments}`,
        },
        revision,
      );
    }
  }
  return { id, answer };
};

/**
 * The reference data, then the ten dossiers, each taken through its steps. `ids` holds the
 * session, métiers, centres, départements, zones, patrons, apprentis and pièces by key.
 */
export const seedReportDataset = async (actors: ReportActors): Promise<ReportDataset> => {
  const { admin } = actors;
  const ids: Record<string, string> = {};
  await seedReportReference(admin, ids);
  await seedReportPeople(admin, ids);

  const dossiers: string[] = [];
  let position = '0';
  for (const [i, plan] of REPORT_DOSSIERS.entries()) {
    const { id, answer } = await seedReportDossier(actors, ids, plan, i);
    dossiers.push(id);
    position = answer.position;
  }
  return { ids, dossiers, position };
};
