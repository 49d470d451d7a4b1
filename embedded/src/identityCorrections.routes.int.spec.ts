import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  IDENTITY_CORRECTION_TOO_EARLY,
  IDENTITY_MESSAGES,
  IDENTITY_UNCHANGED,
  NAME_ABBREVIATED,
} from '@examens-pro/domain';
import {
  addSites,
  advance as advanceSession,
  answered,
  openSession,
  register,
  requests,
  type ExamSession,
  type TestApp,
} from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * Identity corrections after the exam (« Gestion des contentieux ») over HTTP: the document sent
 * first, the correction with its justification; the permissions, the seed's name rules, the
 * session's step and the dossier's statut; the dossier read model corrected; the history of
 * corrections with its document; an enrôleur's centre.
 */
let t: TestApp;
let admin: Agent;
let correcteur: Agent;
let historien: Agent;
let enroleurA: Agent;
let modificateur: Agent;

interface Dossier {
  id: string;
  version: number;
  statut: string;
  nom: string;
  prenoms: string;
  sexe: string;
  lieuNaissance: string;
  libelle: string;
  numeroDossier: string;
  numeroCandidat: string | null;
}
interface Correction {
  id: string;
  candidatureId: string;
  numeroDossier: string;
  numeroCandidat: string | null;
  libelle: string;
  acteur: string;
  justification: string;
  document: { fichier: string; nomFichier: string; type: string; taille: number };
  changes: { field: string; label: string; before: unknown; after: unknown }[];
}
interface StoredDocument {
  fichier: string;
  nomFichier: string;
  type: string;
  taille: number;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
let session: ExamSession;
type Key =
  'mfoundi' | 'depot' | 'depotB' | 'dossier' | 'other' | 'unallocated' | 'dossierB' | 'submitted';
let ids: Record<Key, string>;
const revisions: Record<string, number> = {};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const get = (as: Agent, url: string, position?: string) => requests(as).get(url, position);

/** The document of a correction, sent first (raw bytes). */
const sendDocument = (as: Agent, id: string, bytes = PDF, name = 'jugement supplétif.pdf') =>
  as.inject({
    method: 'POST',
    url: `/api/candidatures/${id}/correction-identite/document`,
    payload: bytes,
    headers: { 'content-type': 'application/pdf', 'x-nom-fichier': encodeURIComponent(name) },
  });

const IDENTITY = {
  nom: 'Mbala',
  prenoms: 'Jean Pierre',
  sexe: 'M',
  dateNaissance: '1990-05-05',
  lieuNaissance: 'Bafousam',
  nationalite: 'Camerounaise',
};

/**
 * A Coiffure dossier of `IDENTITY` but for `identity` (born on the 1st of January of 1971, 1972…
 * unless told), validated and allocated unless told otherwise; its revision kept in `revisions`.
 */
const registered = async (
  identity: Partial<typeof IDENTITY> & { depot?: string; site?: string; validated?: boolean },
) => {
  const dossier = await register(session, {
    site: 'lycee',
    ...IDENTITY,
    dateNaissance: `19${71 + session.dossiers}-01-01`,
    ...identity,
  });
  revisions[dossier.id] = dossier.revision;
  return dossier.id;
};

const correct = (as: Agent, id: string, body: Record<string, unknown>, revision = revisions[id]) =>
  requests(as).post(`/api/candidatures/${id}/correction-identite`, body, revision);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  session = await openSession(admin);
  ids = session.ids as Record<Key, string>;
  ids.depotB = (
    await requests(admin).created('/api/centres-depot', {
      code: 'DEP-B',
      libelle: 'Centre DEP-B',
      departementId: ids.mfoundi,
    })
  ).id;
  await addSites(session, 20);
  ids.dossier = await registered({ nom: 'Mbala', prenoms: 'Jean Pierre' });
  ids.other = await registered({ nom: 'Ndjana', prenoms: 'Paul', dateNaissance: '1985-03-03' });
  ids.unallocated = await registered({ nom: 'Owona', prenoms: 'Alice', site: undefined });
  ids.dossierB = await registered({ nom: 'Etoa', prenoms: 'Marc', depot: 'depotB' });
  // Submitted, never validated: not registered for the exam.
  ids.submitted = await registered({
    nom: 'Abena',
    prenoms: 'Rose',
    dateNaissance: IDENTITY.dateNaissance,
    validated: false,
  });
  correcteur = await t.userWith(['identite.modifier'], 'correcteur@test.local');
  historien = await t.userWith(['identite.historique'], 'historien@test.local');
  enroleurA = await t.userWith(
    ['identite.modifier', 'identite.historique'],
    'enroleur.a@test.local',
    ids.depot,
  );
  modificateur = await t.userWith(
    ['candidat.modifier', 'candidat.lister-inscrits'],
    'modificateur@test.local',
  );
}, 120_000);
afterAll(async () => t.close());

const advance = (statut: string) => advanceSession(session, statut);

describe('identity corrections after the exam', () => {
  let document: StoredDocument;

  it('stores the document under « Modifier les informations d’identité » only, recognised from its bytes', async () => {
    const refused = await sendDocument(modificateur, ids.dossier);
    expect(refused.statusCode).toBe(403);
    const notAPdf = await sendDocument(correcteur, ids.dossier, Buffer.from('bonjour'));
    expect({ status: notAPdf.statusCode, message: notAPdf.json().message }).toEqual({
      status: 400,
      message: 'La pièce doit être un fichier PDF, JPEG ou PNG.',
    });
    const unknown = await sendDocument(correcteur, 'inconnu');
    expect(unknown.statusCode).toBe(404);
    // Another centre's dossier does not exist for enrôleur A.
    expect((await sendDocument(enroleurA, ids.dossierB)).statusCode).toBe(404);
    const stored = await sendDocument(correcteur, ids.dossier);
    expect(stored.statusCode).toBe(201);
    document = stored.json<StoredDocument>();
    expect(document).toEqual({
      fichier: expect.stringMatching(/^identite-[a-f0-9]{64}\.pdf$/),
      nomFichier: 'jugement supplétif.pdf',
      type: 'application/pdf',
      taille: PDF.length,
    });
  });

  it('is refused before the session reaches « Composition », and writes nothing', async () => {
    const before = await t.eventStore.headPosition();
    const early = await correct(correcteur, ids.dossier, {
      ...IDENTITY,
      nom: 'Mballa',
      justification: 'Erreur de saisie du nom, voir l’acte de naissance.',
      document,
    });
    expect({ status: early.statusCode, message: early.json().message }).toEqual({
      status: 409,
      message: IDENTITY_CORRECTION_TOO_EARLY,
    });
    expect(await t.eventStore.headPosition()).toBe(before);
    await advance('inscriptions-closes');
    await advance('composition');
  });

  it('needs « Modifier les informations d’identité »', async () => {
    const body = {
      ...IDENTITY,
      nom: 'Mballa',
      justification: 'Erreur de saisie du nom, voir l’acte de naissance.',
      document,
    };
    expect((await correct(modificateur, ids.dossier, body)).statusCode).toBe(403);
    expect((await correct(historien, ids.dossier, body)).statusCode).toBe(403);
    // Another centre's dossier does not exist for an enrôleur.
    expect((await correct(enroleurA, ids.dossierB, body)).statusCode).toBe(404);
  });

  it('applies the seed’s rules and requires a justification and a document: French 400, nothing written', async () => {
    const before = await t.eventStore.headPosition();
    const justification = 'Erreur de saisie du nom, voir l’acte de naissance.';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...IDENTITY, sexe: 'H', justification, document }, 'sexe', IDENTITY_MESSAGES.sexe],
      [{ ...IDENTITY, nom: '', justification, document }, 'nom', 'Nom & prénoms obligatoires'],
      [
        { ...IDENTITY, prenoms: '  ', justification, document },
        'prenoms',
        'Nom & prénoms obligatoires',
      ],
      [{ ...IDENTITY, prenoms: 'J. Pierre', justification, document }, 'prenoms', NAME_ABBREVIATED],
      [{ ...IDENTITY, nom: 'Mbala A', justification, document }, 'nom', NAME_ABBREVIATED],
      [
        { ...IDENTITY, nationalite: '', justification, document },
        'nationalite',
        'Nationalité obligatoire.',
      ],
      [
        { ...IDENTITY, lieuNaissance: '', justification, document },
        'lieuNaissance',
        IDENTITY_MESSAGES.lieuNaissance,
      ],
      [
        { ...IDENTITY, dateNaissance: '1990-02-30', justification, document },
        'dateNaissance',
        IDENTITY_MESSAGES.dateNaissance,
      ],
      [{ ...IDENTITY, nom: 'Mballa', document }, 'justification', IDENTITY_MESSAGES.justification],
      [
        { ...IDENTITY, nom: 'Mballa', justification: 'Erreur', document },
        'justification',
        IDENTITY_MESSAGES.justification,
      ],
      [{ ...IDENTITY, nom: 'Mballa', justification }, 'document', IDENTITY_MESSAGES.document],
      [
        {
          ...IDENTITY,
          nom: 'Mballa',
          justification,
          document: { fichier: `identite-${'0'.repeat(64)}.pdf`, nomFichier: 'x.pdf' },
        },
        'document',
        IDENTITY_MESSAGES.document,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await correct(correcteur, ids.dossier, body);
      expect({ field, status: response.statusCode, message: response.json().message }).toEqual({
        field,
        status: 400,
        message,
      });
      expect(response.json().errors[field]).toBe(message);
    }
    const same = await correct(correcteur, ids.dossier, {
      ...IDENTITY,
      justification,
      document,
      dateNaissance: (await get(admin, `/api/candidatures/${ids.dossier}`)).json<
        Dossier & { dateNaissance: string }
      >().dateNaissance,
    });
    expect({ status: same.statusCode, message: same.json().message }).toEqual({
      status: 400,
      message: IDENTITY_UNCHANGED,
    });
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('corrects only a dossier registered for the exam', async () => {
    const response = await correct(correcteur, ids.submitted, {
      ...IDENTITY,
      nom: 'Abena',
      prenoms: 'Rosine',
      justification: 'Prénom mal orthographié à l’inscription.',
      document,
    });
    expect({ status: response.statusCode, message: response.json().message }).toEqual({
      status: 409,
      message:
        'Ce dossier est à l’état « Soumis » : seule l’identité d’un candidat inscrit à l’examen (dossier validé ou affecté) se corrige.',
    });
  });

  let position: string;
  it('corrects the identity: the dossier shows it, its history says why, with the document', async () => {
    const current = (await get(admin, `/api/candidatures/${ids.dossier}`)).json<
      Dossier & { dateNaissance: string }
    >();
    const answer = answered(
      await correct(correcteur, ids.dossier, {
        ...IDENTITY,
        dateNaissance: current.dateNaissance,
        // Cleaned and capitalised as every stored name.
        nom: '  MBALLA ',
        sexe: 'F',
        lieuNaissance: 'Bafoussam',
        justification: 'Jugement supplétif d’acte de naissance n° 45/2027.',
        document,
      }),
    );
    position = answer.position;
    revisions[ids.dossier] = answer.revision;
    const dossier = (
      await get(admin, `/api/candidatures/${ids.dossier}`, position)
    ).json<Dossier>();
    expect(dossier).toMatchObject({
      nom: 'Mballa',
      prenoms: 'Jean Pierre',
      sexe: 'F',
      lieuNaissance: 'Bafoussam',
      libelle: 'Mballa Jean Pierre',
      statut: 'affecte',
      version: answer.revision,
    });
    const lines = (
      await get(
        historien,
        `/api/corrections-identite?filter=${enc({ candidatureId: ids.dossier })}`,
        position,
      )
    ).json<Correction[]>();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      candidatureId: ids.dossier,
      numeroDossier: dossier.numeroDossier,
      numeroCandidat: dossier.numeroCandidat,
      libelle: 'Mballa Jean Pierre',
      acteur: 'Paul Essomba',
      justification: 'Jugement supplétif d’acte de naissance n° 45/2027.',
      document: { fichier: document.fichier, nomFichier: 'jugement supplétif.pdf' },
      changes: [
        { field: 'nom', label: 'Nom', before: 'Mbala', after: 'Mballa' },
        // Shown as the dossier's history shows a choice: by its label.
        { field: 'sexe', label: 'Sexe', before: 'Masculin', after: 'Féminin' },
        {
          field: 'lieuNaissance',
          label: 'Lieu de naissance',
          before: 'Bafousam',
          after: 'Bafoussam',
        },
      ],
    });
    expect(dossier.numeroCandidat).toMatch(/^CQP-COIF-\d{5}$/);
    // Found by candidate number, dossier number or name.
    for (const q of [dossier.numeroCandidat!, dossier.numeroDossier, 'mballa'])
      expect(
        (await get(historien, `/api/corrections-identite?filter=${enc({ q })}`))
          .json<Correction[]>()
          .map((line) => line.id),
      ).toEqual([lines[0]!.id]);
    // The list's CSV: the changes as read, the justification and the document's name.
    const csv = await get(historien, '/api/corrections-identite/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Nom : Mbala → Mballa');
    expect(csv.body).toContain('Sexe : Masculin → Féminin');
    expect(csv.body).toContain('jugement supplétif.pdf');
    const file = await get(historien, `/api/corrections-identite/${lines[0]!.id}/document`);
    expect({ status: file.statusCode, type: file.headers['content-type'] }).toEqual({
      status: 200,
      type: 'application/pdf',
    });
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The dossier's own history: the correction, its justification as the reason.
    const history = (await get(admin, `/api/candidatures/${ids.dossier}/historique`)).json<
      { action: string; reason?: string; actor: string; changes: { field: string }[] }[]
    >();
    expect(history.at(-1)).toMatchObject({
      action: 'Correction d’identité',
      actor: 'Paul Essomba',
      reason: 'Jugement supplétif d’acte de naissance n° 45/2027.',
    });
    expect(history.at(-1)!.changes.map((c) => c.field)).toEqual([
      'nom',
      'sexe',
      'lieuNaissance',
      'justificatifCorrection',
    ]);
  });

  it('keeps the history to its readers: « Consulter l’historique des modifications d’identité »', async () => {
    expect((await get(correcteur, '/api/corrections-identite')).statusCode).toBe(403);
    expect((await get(modificateur, '/api/corrections-identite')).statusCode).toBe(403);
    const line = (await get(historien, '/api/corrections-identite', position)).json<
      Correction[]
    >()[0]!;
    expect(
      (await get(correcteur, `/api/corrections-identite/${line.id}/document`)).statusCode,
    ).toBe(403);
  });

  it('refuses a name and birth date another dossier of the session holds: 409, nothing written', async () => {
    const other = (await get(admin, `/api/candidatures/${ids.other}`)).json<
      Dossier & { dateNaissance: string }
    >();
    const before = await t.eventStore.headPosition();
    const clash = await correct(correcteur, ids.unallocated, {
      ...IDENTITY,
      nom: other.nom,
      prenoms: other.prenoms,
      dateNaissance: other.dateNaissance,
      justification: 'Nom et date de naissance corrigés selon l’acte.',
      document,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Cette personne est déjà inscrite à cette session');
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('corrects a validated dossier not allocated, and an enrôleur reads only their centre’s corrections', async () => {
    const current = (await get(admin, `/api/candidatures/${ids.unallocated}`)).json<
      Dossier & { dateNaissance: string }
    >();
    const answer = answered(
      await correct(enroleurA, ids.unallocated, {
        ...IDENTITY,
        nom: 'Owona',
        prenoms: 'Alice Marie',
        dateNaissance: current.dateNaissance,
        justification: 'Second prénom omis à l’inscription.',
        document,
      }),
    );
    // Another centre's dossier, corrected by the administrator.
    const storedB = (await sendDocument(admin, ids.dossierB)).json<StoredDocument>();
    const b = (await get(admin, `/api/candidatures/${ids.dossierB}`)).json<
      Dossier & { dateNaissance: string }
    >();
    answered(
      await correct(admin, ids.dossierB, {
        ...IDENTITY,
        nom: 'Etoa',
        prenoms: 'Marc Antoine',
        dateNaissance: b.dateNaissance,
        justification: 'Second prénom omis à l’inscription.',
        document: storedB,
      }),
    );
    const seen = (
      await get(enroleurA, '/api/corrections-identite', await t.eventStore.headPosition())
    ).json<Correction[]>();
    expect(seen.map((line) => line.candidatureId).sort()).toEqual(
      [ids.dossier, ids.unallocated].sort(),
    );
    const all = (await get(historien, '/api/corrections-identite')).json<Correction[]>();
    expect(all).toHaveLength(3);
    const lineB = all.find((line) => line.candidatureId === ids.dossierB)!;
    expect(
      (await get(enroleurA, `/api/corrections-identite/${lineB.id}/document`)).statusCode,
    ).toBe(404);
    expect(answer.revision).toBe(revisions[ids.unallocated]! + 1);
  });

  it('answers 412 to a stale version', async () => {
    const stale = await correct(
      correcteur,
      ids.dossier,
      {
        ...IDENTITY,
        nom: 'Mballa',
        prenoms: 'Jean-Pierre',
        justification: 'Trait d’union oublié dans le prénom.',
        document,
      },
      revisions[ids.dossier]! - 1,
    );
    expect(stale.statusCode).toBe(412);
  });
});
