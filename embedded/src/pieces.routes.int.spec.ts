import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NOT_A_PIECE, PIECE_MAX_BYTES } from '@examens-pro/domain';
import { requests } from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';
import { signaturePng } from '@examens-pro/workers/testing/signatureImage';

/**
 * Pièces justificatives, payments and the « Bilan général des pièces », over HTTP: what the session
 * asks for, uploads recognised from their bytes, validation and rejection with a motif, deposit
 * again, every obstacle to a dossier's validation at once, payments with unique references, and an
 * enrôleur's scope on files and the report.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let enroleurA: Agent;
let enroleurB: Agent;
let supervisor: Agent;
let reader: Agent;

interface Answer {
  id: string;
  revision: number;
  position: string;
}
interface Piece {
  pieceId: string;
  libelle: string;
  obligatoire: boolean;
  statut: string;
  nomFichier: string | null;
  motifId: string | null;
  commentaire: string;
}
interface Dossier {
  id: string;
  version: number;
  statut: string;
  pieces: Piece[];
  etatPieces: string;
  piecesManquantes: number;
  montantDu: number | null;
  montantPaye: number;
  resteAPayer: number | null;
  paiements: { reference: string; montant: number; date: string }[];
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// Real PNG headers (a PNG whose IHDR is not first is refused): two scans that differ.
const PNG = signaturePng({ width: 60, height: 20 });
const PNG2 = signaturePng({ width: 60, height: 20, phase: 1 });
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

const ids: Record<string, string> = {};

const post = (as: Agent, url: string, payload?: unknown, revision?: number) =>
  requests(as).post(url, payload, revision);
const created = (url: string, payload: Record<string, unknown>, as = admin) =>
  requests(as).created(url, payload);
const read = async <T>(url: string, position?: string, as = admin) =>
  (await requests(as).get(url, position)).json<T>();
const dossier = (id: string, position?: string, as = admin) =>
  read<Dossier>(`/api/candidatures/${id}`, position, as);
const upload = (
  as: Agent,
  id: string,
  pieceId: string | undefined,
  bytes: Buffer,
  revision: number,
  type = 'application/octet-stream',
  name = 'piece.pdf',
) =>
  as.inject({
    method: 'POST',
    url: `/api/candidatures/${id}/pieces/${pieceId}`,
    payload: bytes,
    headers: {
      'content-type': type,
      'if-match': `W/"${revision}"`,
      'x-nom-fichier': encodeURIComponent(name),
    },
  });

let n = 0;
const candidate = (centre: string | undefined = ids.centreA) => {
  n += 1;
  return {
    sessionId: ids.session,
    metierId: ids.metier,
    centreDepotId: centre,
    categorie: 'libre',
    nom: 'Mballa',
    prenoms: `Ange ${'ABCDEFGHIJKLMNOP'[n]}lix`,
    sexe: 'M',
    dateNaissance: `${1980 + n}-0${1 + (n % 9)}-1${n % 9}`,
    lieuNaissance: 'Bafoussam',
    nationalite: 'Camerounaise',
    telephone: '699 11 22 33',
    niveauId: ids.niveau,
  };
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const departementId = (
    await read<{ id: string }[]>(`/api/departements?filter=${enc({ q: 'Mfoundi' })}`)
  )[0]!.id;
  ids.examen = (
    await created('/api/examens', { code: 'CQP', libelle: 'CQP', noteDePassage: 10 })
  ).id;
  ids.autreExamen = (
    await created('/api/examens', { code: 'DQP', libelle: 'DQP', noteDePassage: 10 })
  ).id;
  const session = await created('/api/sessions', {
    examenId: ids.examen,
    annee: 2027,
    libelle: 'CQP 2027',
    ouvertureInscriptions: '2026-10-01',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  ids.session = session.id;
  expect(
    (
      await post(
        admin,
        `/api/sessions/${session.id}/avancer`,
        { statut: 'inscriptions-ouvertes' },
        session.revision,
      )
    ).statusCode,
  ).toBe(200);
  await created('/api/parametres-edition', {
    code: 'PE-CQP27',
    libelle: 'Paramètres CQP 2027',
    sessionId: ids.session,
    dateLimiteModification: '2099-12-31',
    prefixeDossier: 'CQP27',
  });
  await created('/api/frais-examen', {
    code: 'FR-CQP27',
    libelle: 'Frais CQP 2027',
    sessionId: ids.session,
    montant: 15000,
    prefixePaiement: 'CQP',
    paiementAvantValidation: true,
  });
  ids.metier = (await created('/api/metiers', { code: 'COIF', libelle: 'Coiffure' })).id;
  await created('/api/metiers-ouverts', {
    code: 'MO-COIF',
    libelle: 'Coiffure 2027',
    sessionId: ids.session,
    metierId: ids.metier,
  });
  ids.niveau = (
    await created('/api/niveaux-scolarisation', { code: 'CEP', libelle: 'CEP', rang: 1 })
  ).id;
  for (const [key, code, libelle] of [
    ['centreA', 'DEP-BAF', 'Centre de dépôt de Bafoussam'],
    ['centreB', 'DEP-GAR', 'Centre de dépôt de Garoua'],
  ] as const)
    ids[key] = (await created('/api/centres-depot', { code, libelle, departementId })).id;
  ids.motif = (await created('/api/motifs-rejet', { code: 'FLOUE', libelle: 'Photo floue' })).id;
  const piece = async (code: string, libelle: string, obligatoire: boolean, examenIds: string[]) =>
    (
      await created('/api/pieces-justificatives', {
        code,
        libelle,
        obligatoire,
        examenIds,
      })
    ).id;
  ids.acte = await piece('ACTE', 'Acte de naissance', true, []);
  ids.photo = await piece('PHOTO', 'Photo d’identité', true, [ids.examen]);
  ids.stage = await piece('STAGE', 'Attestation de stage', false, []);
  ids.diplome = await piece('DIPL', 'Diplôme du DQP', true, [ids.autreExamen]);
  const profile = ['candidat.enregistrer', 'candidat.modifier', 'candidat.lister-inscrits'];
  enroleurA = await t.userWith(profile, 'enroleur.a@test.local', ids.centreA);
  enroleurB = await t.userWith(profile, 'enroleur.b@test.local', ids.centreB);
  supervisor = await t.userWith(
    ['candidat.valider', 'candidat.lister-inscrits', 'candidat.bilan-pieces'],
    'superviseur@test.local',
  );
  reader = await t.userWith(['candidat.lister-inscrits'], 'lecteur@test.local');
});
afterAll(async () => t.close());

describe('pièces justificatives and payments', () => {
  let id: string;
  let version: number;
  const refresh = async (position?: string) => {
    const doc = await dossier(id, position);
    version = doc.version;
    return doc;
  };

  it('a new dossier shows the pièces its examen asks for, every one missing, and the fee due', async () => {
    const answer = await created('/api/candidatures', candidate(), enroleurA);
    id = answer.id;
    const doc = await refresh(answer.position);
    expect(doc.pieces.map((p) => [p.libelle, p.obligatoire, p.statut])).toEqual([
      ['Acte de naissance', true, 'manquante'],
      ['Attestation de stage', false, 'manquante'],
      ['Photo d’identité', true, 'manquante'],
    ]);
    expect(doc).toMatchObject({
      etatPieces: 'incomplet',
      piecesManquantes: 2,
      montantDu: 15000,
      montantPaye: 0,
      resteAPayer: 15000,
    });
  });

  it('refuses a file that is not a PDF, JPEG or PNG, a pièce the examen does not ask for, a file over 5 MB; writes nothing', async () => {
    const before = await t.eventStore.headPosition();
    const text = await upload(
      enroleurA,
      id,
      ids.acte,
      Buffer.from('pas un PDF'),
      version,
      'application/pdf',
    );
    expect({ status: text.statusCode, message: text.json().message }).toEqual({
      status: 400,
      message: NOT_A_PIECE,
    });
    const other = await upload(enroleurA, id, ids.diplome, PDF, version);
    expect({ status: other.statusCode, message: other.json().message }).toEqual({
      status: 400,
      message: 'Cette pièce n’est pas demandée pour cet examen.',
    });
    const big = await upload(
      enroleurA,
      id,
      ids.acte,
      Buffer.concat([PDF, Buffer.alloc(PIECE_MAX_BYTES)]),
      version,
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Le contenu envoyé est trop volumineux.');
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('deposits pièces (kind from the bytes), serves them to whoever may read the dossier, never to another centre', async () => {
    const acte = await upload(
      enroleurA,
      id,
      ids.acte,
      PDF,
      version,
      'application/octet-stream',
      'acte de naissance.pdf',
    );
    expect(acte.statusCode).toBe(200);
    const photo = await upload(
      enroleurA,
      id,
      ids.photo,
      PNG,
      acte.json<Answer>().revision,
      'image/jpeg',
      'photo.png',
    );
    expect(photo.statusCode).toBe(200);
    const doc = await refresh(photo.json<Answer>().position);
    expect(doc.pieces.filter((p) => p.statut === 'deposee').map((p) => p.nomFichier)).toEqual([
      'acte de naissance.pdf',
      'photo.png',
    ]);
    const file = await enroleurA.inject({
      method: 'GET',
      url: `/api/candidatures/${id}/pieces/${ids.photo}/fichier`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const elsewhere = await enroleurB.inject({
      method: 'GET',
      url: `/api/candidatures/${id}/pieces/${ids.photo}/fichier`,
    });
    expect(elsewhere.statusCode).toBe(404);
    // Another centre's enrôleur cannot deposit either.
    const foreign = await upload(enroleurB, id, ids.stage, JPEG, version);
    expect(foreign.statusCode).toBe(404);
  });

  it('checks pièces only with « Valider ou rejeter un dossier » and once the dossier is submitted', async () => {
    const early = await post(
      supervisor,
      `/api/candidatures/${id}/pieces/${ids.acte}/valider`,
      undefined,
      version,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Ce dossier est à l’état « Brouillon » : ses pièces se vérifient une fois le dossier soumis.',
    );
    const submitted = await post(
      enroleurA,
      `/api/candidatures/${id}/soumettre`,
      undefined,
      version,
    );
    expect(submitted.statusCode).toBe(200);
    await refresh(submitted.json<Answer>().position);
    const forbidden = await post(
      enroleurA,
      `/api/candidatures/${id}/pieces/${ids.acte}/valider`,
      undefined,
      version,
    );
    expect(forbidden.statusCode).toBe(403);
    const readerOnly = await upload(reader, id, ids.stage, JPEG, version);
    expect(readerOnly.statusCode).toBe(403);
  });

  it('lists every obstacle to the validation at once: pièces to check, missing, and the fee', async () => {
    const refused = await post(supervisor, `/api/candidatures/${id}/valider`, undefined, version);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Ce dossier ne peut pas encore être validé : pièces à vérifier : « Acte de naissance », « Photo d’identité » ; frais d’examen : 15\u00a0000\u00a0FCFA restent à payer.',
    );
  });

  it('rejects a pièce with a motif; it is deposited again, then validated; a validated pièce stays', async () => {
    const noMotif = await post(
      supervisor,
      `/api/candidatures/${id}/pieces/${ids.photo}/rejeter`,
      {},
      version,
    );
    expect(noMotif.statusCode).toBe(400);
    const rejected = await post(
      supervisor,
      `/api/candidatures/${id}/pieces/${ids.photo}/rejeter`,
      { motifId: ids.motif, commentaire: 'Visage illisible' },
      version,
    );
    expect(rejected.statusCode).toBe(200);
    const doc = await refresh(rejected.json<Answer>().position);
    expect(doc.pieces.find((p) => p.pieceId === ids.photo)).toMatchObject({
      statut: 'rejetee',
      motifId: ids.motif,
      commentaire: 'Visage illisible',
    });
    expect(doc.etatPieces).toBe('rejete');
    const stillRejected = await post(
      supervisor,
      `/api/candidatures/${id}/valider`,
      undefined,
      version,
    );
    expect(stillRejected.json().message).toContain('pièces rejetées : « Photo d’identité »');
    const again = await upload(
      enroleurA,
      id,
      ids.photo,
      PNG2,
      version,
      'image/png',
      'photo-nette.png',
    );
    expect(again.statusCode).toBe(200);
    version = again.json<Answer>().revision;
    for (const piece of [ids.acte, ids.photo]) {
      const ok = await post(
        supervisor,
        `/api/candidatures/${id}/pieces/${piece}/valider`,
        undefined,
        version,
      );
      expect(ok.statusCode).toBe(200);
      version = ok.json<Answer>().revision;
    }
    const twice = await post(
      supervisor,
      `/api/candidatures/${id}/pieces/${ids.acte}/valider`,
      undefined,
      version,
    );
    expect(twice.statusCode).toBe(409);
    const replace = await upload(enroleurA, id, ids.acte, PDF, version);
    expect(replace.json().message).toBe('La pièce « Acte de naissance » est déjà validée.');
  });

  it('records payments with unique references, never above what is due; the dossier shows due / paid / outstanding', async () => {
    const bad = await post(
      enroleurA,
      `/api/candidatures/${id}/paiements`,
      { montant: 'dix', date: '2026-11-20', reference: 'REC-1' },
      version,
    );
    expect(bad.statusCode).toBe(400);
    const first = await post(
      enroleurA,
      `/api/candidatures/${id}/paiements`,
      { montant: 10000, date: '2026-11-20', reference: 'rec-2026-0001' },
      version,
    );
    expect(first.statusCode).toBe(200);
    version = first.json<Answer>().revision;
    const other = await created('/api/candidatures', candidate(), enroleurA);
    const reused = await post(
      enroleurA,
      `/api/candidatures/${other.id}/paiements`,
      { montant: 5000, date: '2026-11-21', reference: 'REC-2026-0001' },
      other.revision,
    );
    expect({ status: reused.statusCode, message: reused.json().message }).toEqual({
      status: 409,
      message: 'Cette référence de paiement est déjà enregistrée.',
    });
    const over = await post(
      enroleurA,
      `/api/candidatures/${id}/paiements`,
      { montant: 6000, date: '2026-11-21', reference: 'REC-2026-0002' },
      version,
    );
    expect({ status: over.statusCode, message: over.json().message }).toEqual({
      status: 400,
      message: 'Ce paiement dépasse le reste à payer (5\u00a0000\u00a0FCFA).',
    });
    const rest = await post(
      enroleurA,
      `/api/candidatures/${id}/paiements`,
      { montant: 5000, date: '2026-11-21', reference: 'REC-2026-0002' },
      version,
    );
    expect(rest.statusCode).toBe(200);
    const doc = await refresh(rest.json<Answer>().position);
    expect(doc).toMatchObject({ montantDu: 15000, montantPaye: 15000, resteAPayer: 0 });
    expect(doc.paiements.map((p) => p.reference)).toEqual(['REC-2026-0001', 'REC-2026-0002']);
    // The reference refused by the overpayment was given back.
    const reusable = await post(
      enroleurA,
      `/api/candidatures/${other.id}/paiements`,
      { montant: 6000, date: '2026-11-22', reference: 'REC-2026-0003' },
      other.revision,
    );
    expect(reusable.statusCode).toBe(200);
  });

  it('validates the dossier once every obligatory pièce is validated and the fee paid; the history tells each step by name', async () => {
    const ok = await post(supervisor, `/api/candidatures/${id}/valider`, undefined, version);
    expect(ok.statusCode).toBe(200);
    const doc = await dossier(id, ok.json<Answer>().position);
    expect(doc).toMatchObject({ statut: 'valide', etatPieces: 'complet', piecesManquantes: 0 });
    const history = await read<
      {
        action: string;
        actor: string;
        changes: { label: string; before: unknown; after: unknown }[];
      }[]
    >(`/api/candidatures/${id}/historique`);
    expect(history.map((e) => e.action)).toEqual([
      'Création',
      'Dépôt d’une pièce',
      'Dépôt d’une pièce',
      'Soumission',
      'Rejet d’une pièce',
      'Dépôt d’une pièce',
      'Validation d’une pièce',
      'Validation d’une pièce',
      'Paiement',
      'Paiement',
      'Validation',
    ]);
    const rejection = history[4]!;
    expect(rejection.changes).toEqual(
      expect.arrayContaining([
        {
          label: 'Pièce « Photo d’identité »',
          before: 'À vérifier (photo.png)',
          after: 'Rejetée',
          field: expect.any(String),
        },
        expect.objectContaining({
          label: 'Motif du rejet de « Photo d’identité »',
          after: 'Photo floue',
        }),
      ]),
    );
    expect(history[8]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          label: 'Paiement',
          after: '10\u00a0000\u00a0FCFA le 20/11/2026 (référence REC-2026-0001)',
        }),
      ]),
    );
  });
});

describe('Bilan général des pièces', () => {
  it('counts dossiers per centre and métier: complets, incomplets, with a rejected pièce, totals; scoped for an enrôleur; exported', async () => {
    // One more in centre B with a rejected pièce.
    const b = await created('/api/candidatures', candidate(ids.centreB), enroleurB);
    const dep = await upload(enroleurB, b.id, ids.acte, PDF, b.revision);
    const sub = await post(
      enroleurB,
      `/api/candidatures/${b.id}/soumettre`,
      undefined,
      dep.json<Answer>().revision,
    );
    const rej = await post(
      supervisor,
      `/api/candidatures/${b.id}/pieces/${ids.acte}/rejeter`,
      { motifId: ids.motif },
      sub.json<Answer>().revision,
    );
    expect(rej.statusCode).toBe(200);
    const rows = await read<
      {
        id: string;
        centreDepot: string;
        metier: string;
        complet: number;
        incomplet: number;
        rejete: number;
        total: number;
      }[]
    >(
      `/api/bilan-pieces?filter=${enc({ sessionId: ids.session })}`,
      rej.json<Answer>().position,
      supervisor,
    );
    expect(
      rows.map((r) => [r.centreDepot, r.metier, r.complet, r.incomplet, r.rejete, r.total]),
    ).toEqual([
      ['Centre de dépôt de Bafoussam', 'Coiffure', 1, 1, 0, 2],
      ['Centre de dépôt de Garoua', 'Coiffure', 0, 0, 1, 1],
      ['Total', '', 1, 1, 1, 3],
    ]);
    const forbidden = await enroleurA.inject({ method: 'GET', url: '/api/bilan-pieces' });
    expect(forbidden.statusCode).toBe(403);
    const scopedUser = await t.userWith(
      ['candidat.bilan-pieces'],
      'bilan.a@test.local',
      ids.centreA,
    );
    const scoped = await read<{ centreDepot: string; total: number }[]>(
      `/api/bilan-pieces?filter=${enc({ sessionId: ids.session })}`,
      undefined,
      scopedUser,
    );
    expect(scoped.map((r) => [r.centreDepot, r.total])).toEqual([
      ['Centre de dépôt de Bafoussam', 2],
      ['Total', 2],
    ]);
    const otherCentre = await read<{ total: number }[]>(
      `/api/bilan-pieces?filter=${enc({ centreDepotId: ids.centreB })}`,
      undefined,
      scopedUser,
    );
    expect(otherCentre).toEqual([expect.objectContaining({ id: 'total', total: 0 })]);
    const csv = await supervisor.inject({
      method: 'GET',
      url: `/api/bilan-pieces/export.csv?filter=${enc({ sessionId: ids.session })}`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Centre de dépôt;Métier;Dossiers complets;Dossiers incomplets;Dossiers avec une pièce rejetée;Total',
      'Centre de dépôt de Bafoussam;Coiffure;1;1;0;2',
      'Centre de dépôt de Garoua;Coiffure;0;0;1;1',
      'Total;;1;1;1;3',
    ]);
    // The list of candidates exports each dossier's pièces and fee.
    const dossiers = await admin.inject({
      method: 'GET',
      url: `/api/candidatures/export.csv?filter=${enc({ centreDepotId: ids.centreA, statut: 'valide' })}`,
    });
    const [header, first] = dossiers.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const cells = header!.split(';');
    const value = (name: string) => first!.split(';')[cells.indexOf(name)];
    expect([
      value('État des pièces'),
      value('Pièces obligatoires à valider'),
      value('Montant dû (FCFA)'),
      value('Montant payé (FCFA)'),
      value('Reste à payer (FCFA)'),
    ]).toEqual(['Complet', '0', '15000', '15000', '0']);
    const unknown = await supervisor.inject({
      method: 'GET',
      url: `/api/bilan-pieces?filter=${enc({ libelle: 'x' })}`,
    });
    expect(unknown.statusCode).toBe(400);
  });
});
