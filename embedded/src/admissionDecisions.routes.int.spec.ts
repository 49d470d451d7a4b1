import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { SIGNED_DECISION } from '@examens-pro/domain';
import { pdfImages } from '@examens-pro/workers/testing/pdfImages';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { signaturePng } from '@examens-pro/workers/testing/signatureImage';
import { startTestApp, type Agent } from './testApp.js';
import {
  closedDeliberation,
  requests,
  type DeliberationFixture,
  type Reply,
} from './examFixture.js';

/**
 * Admission decisions over HTTP: the lists a decision prints (types
 * of visas, visas, ampliations, numbers per département), each under its seed §6 permission; the
 * minister's signature deposited (an image judged on its bytes, versioned, stored under its
 * SHA-256); a département's decision prepared from the closed juries' results, signed with the
 * deposited signature (confirmed), then immutable; its PDF made by the workers, carrying the
 * image and the admitted candidates, unchanged by a later re-deliberation, which makes a new
 * decision (version 2) possible instead.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let fx: DeliberationFixture;
let typesVisas: Agent;
let visas: Agent;
let ampliations: Agent;
let numeros: Agent;
let deposeur: Agent;
let signataire: Agent;
let telechargeur: Agent;

const SIGNATURE_1 = signaturePng({ phase: 0 });
const SIGNATURE_2 = signaturePng({ phase: 5 });
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let position = '0';
const track = (response: Reply) => {
  if (response.statusCode < 300) position = response.json<{ position: string }>().position;
  return response;
};

interface Decision {
  id: string;
  version: number;
  numero: number;
  statut: string;
  effectif: number;
  remplace: string | null;
  reference: string | null;
  signeePar: string | null;
  signature: { numero: number; sha256: string } | null;
  documentId: string | null;
  sha256: string | null;
  pages: number | null;
}
interface Choices {
  sessions: { id: string; libelle: string }[];
  departements: {
    departementId: string;
    libelle: string;
    admis: number;
    reference: string | null;
    aJour: boolean;
    decisions: { id: string; numero: number; statut: string }[];
  }[];
}

const deposit = (as: Agent, bytes: Buffer | string, type = 'image/png', name = 'signature.png') =>
  as.inject({
    method: 'POST',
    url: '/api/signatures-ministre',
    payload: bytes,
    headers: { 'content-type': type, 'x-nom-fichier': encodeURIComponent(name) },
  }) as Promise<Reply>;

const decision = (id: string, as = signataire) =>
  requests(as).read<Decision>(`/api/decisions-admission/${id}`, position);

/** Waits until the decision's signed PDF is made and recorded on it (its SHA-256). */
const sealed = async (id: string): Promise<Decision> => {
  let found = await decision(id);
  for (let i = 0; i < 400 && !found.sha256; i += 1) {
    await new Promise((r) => setTimeout(r, 50));
    found = await requests(signataire).read<Decision>(`/api/decisions-admission/${id}`);
  }
  expect(found.sha256).toMatch(/^[a-f0-9]{64}$/);
  return found;
};

const download = async (documentId: string, as = telechargeur) => {
  const file = await as.inject({ method: 'GET', url: `/api/documents/${documentId}/fichier` });
  expect(file.statusCode).toBe(200);
  if (process.env.KEEP_PDF)
    writeFileSync(`${process.env.KEEP_PDF}/${documentId}.pdf`, file.rawPayload);
  return file.rawPayload;
};

/** A draft asked for by a département, once made. */
const draft = async (departementId: string): Promise<Buffer> => {
  const requested = track(
    await requests(telechargeur).post('/api/documents', {
      kind: 'decision-admission',
      cible: { sessionId: fx.ids.session, departementId },
    }),
  );
  expect(requested.statusCode).toBe(201);
  const { id } = requested.json<{ id: string }>();
  let state = await requests(telechargeur).read<{ statut: string }>(
    `/api/documents/${id}/progression`,
    position,
  );
  for (let i = 0; i < 400 && state.statut === 'demande'; i += 1) {
    await new Promise((r) => setTimeout(r, 50));
    state = await requests(telechargeur).read<{ statut: string }>(
      `/api/documents/${id}/progression`,
    );
  }
  expect(state.statut).toBe('genere');
  return download(id);
};

/** The fixture's candidates: averages 15, 7, 12, 16, 9, 11 → 0, 2, 3 and 5 admitted (all Mfoundi). */
const c = (i: number) => fx.candidates[i]!;
const ADMITTED = [0, 2, 3, 5];
let decisionId = '';
let referenceId = '';
let signedPdf: Buffer;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  fx = await closedDeliberation(t, admin, { count: 6, code: 'CQP' });
  position = fx.position;
  typesVisas = await t.userWith(['decision.types-visas'], 'types-visas@test.local');
  visas = await t.userWith(['decision.visas'], 'visas@test.local');
  ampliations = await t.userWith(['decision.ampliations'], 'ampliations@test.local');
  numeros = await t.userWith(['decision.references-departement'], 'numeros@test.local');
  deposeur = await t.userWith(['decision.deposer-signature'], 'deposeur@test.local', undefined, {
    nom: 'Bello',
    prenoms: 'Awa',
  });
  signataire = await t.userWith(
    ['decision.apposer-signature'],
    'signataire@test.local',
    undefined,
    {
      nom: 'Nkodo',
      prenoms: 'Serge',
    },
  );
  telechargeur = await t.userWith(['decision.telecharger'], 'telechargeur@test.local');
}, 240_000);
afterAll(async () => t.close());

describe('what a decision prints', () => {
  it('keeps types of visas, visas, ampliations and numbers each under its own permission, in order', async () => {
    // Each list refuses whoever holds only another decision permission.
    for (const [as, url, body] of [
      [visas, '/api/types-visas', { code: 'LOI', libelle: 'Lois', ordre: 2 }],
      [typesVisas, '/api/ampliations', { libelle: 'Archives', ordre: 1 }],
      [
        ampliations,
        '/api/references-decisions',
        { libelle: 'X', sessionId: fx.ids.session, departementId: fx.ids.mfoundi },
      ],
      [signataire, '/api/visas', { typeId: 'x', texte: 'la loi', ordre: 1 }],
    ] as const)
      expect({ url, status: (await requests(as).post(url, body)).statusCode }).toEqual({
        url,
        status: 403,
      });
    expect((await requests(telechargeur).get('/api/ampliations')).statusCode).toBe(403);

    const loi = await requests(typesVisas).created('/api/types-visas', {
      code: 'LOI',
      libelle: 'Lois',
      ordre: 2,
    });
    const constitution = await requests(typesVisas).created('/api/types-visas', {
      code: 'CONST',
      libelle: 'Constitution',
      ordre: 1,
    });
    // Whoever keeps the visas reads the types they choose from.
    expect((await requests(visas).get('/api/types-visas')).statusCode).toBe(200);
    await requests(visas).created('/api/visas', {
      typeId: loi.id,
      texte: 'la loi n° 2018/010 du 11 juillet 2018 régissant la formation professionnelle',
      ordre: 1,
    });
    track(
      await requests(visas).post('/api/visas', {
        typeId: constitution.id,
        texte: 'Vu la Constitution ;',
        ordre: 1,
      }),
    );
    const missing = await requests(visas).post('/api/visas', {
      typeId: loi.id,
      texte: ' ',
      ordre: 2,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('« Texte du visa » est obligatoire.');

    await requests(ampliations).created('/api/ampliations', { libelle: 'Intéressés', ordre: 2 });
    track(await requests(ampliations).post('/api/ampliations', { libelle: 'Archives', ordre: 1 }));
    const listed = await requests(ampliations).read<{ libelle: string }[]>(
      '/api/ampliations',
      position,
    );
    // Listed by their order, not their name.
    expect(listed.map((a) => a.libelle)).toEqual(['Archives', 'Intéressés']);

    const reference = await requests(numeros).created('/api/references-decisions', {
      libelle: '0012/MINEFOP/CAB',
      sessionId: fx.ids.session,
      departementId: fx.ids.mfoundi,
    });
    referenceId = reference.id;
    const twice = await requests(numeros).post('/api/references-decisions', {
      libelle: '0013/MINEFOP/CAB',
      sessionId: fx.ids.session,
      departementId: fx.ids.mfoundi,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(
      'Ce département a déjà la référence de sa décision pour cette session : modifiez-la plutôt.',
    );
    position = reference.position;
  });
});

describe('the minister’s signature', () => {
  it('refuses in French whatever is not a whole PNG or JPEG, writing nothing', async () => {
    for (const [bytes, type] of [
      ['Ceci n’est pas une image.', 'text/plain'],
      [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'application/pdf'],
      // A PNG cut short, sent as a PNG: judged on its bytes.
      [SIGNATURE_1.subarray(0, 60), 'image/png'],
      [JSON.stringify({ image: 'signature.png' }), 'application/json'],
    ] as const) {
      const refused = await deposit(deposeur, bytes as Buffer | string, type);
      expect({ type, status: refused.statusCode, body: refused.json() }).toEqual({
        type,
        status: 400,
        body: expect.objectContaining({
          message: 'Le fichier doit être une image PNG ou JPEG (reconnue à son contenu).',
        }),
      });
    }
    const tooLarge = await deposit(
      deposeur,
      Buffer.concat([SIGNATURE_1, Buffer.alloc(1024 * 1024)]),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect((await requests(deposeur).get('/api/signatures-ministre/courante')).statusCode).toBe(
      404,
    );
    expect(await requests(deposeur).read<unknown[]>('/api/signatures-ministre')).toEqual([]);
  });

  it('is deposited by whoever holds « Déposer la signature du ministre » only, each image a new version', async () => {
    for (const as of [signataire, telechargeur, numeros])
      expect((await deposit(as, SIGNATURE_1)).statusCode).toBe(403);
    const first = track(
      await deposit(deposeur, SIGNATURE_1, 'image/png', 'signature ministre.png'),
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual(
      expect.objectContaining({
        numero: 1,
        sha256: sha(SIGNATURE_1),
        fichier: `image-${sha(SIGNATURE_1)}.png`,
      }),
    );
    // The same image again is no new version.
    const again = await deposit(deposeur, SIGNATURE_1, 'application/octet-stream');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ numero: number }>().numero).toBe(1);

    const current = await requests(signataire).read<Record<string, unknown>>(
      '/api/signatures-ministre/courante',
      position,
    );
    expect(current).toEqual(
      expect.objectContaining({
        numero: 1,
        sha256: sha(SIGNATURE_1),
        nomFichier: 'signature ministre.png',
        deposePar: 'Awa Bello',
      }),
    );
    const image = await signataire.inject({
      method: 'GET',
      url: '/api/signatures-ministre/image/courante',
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(sha(image.rawPayload)).toBe(sha(SIGNATURE_1));
    // Those who only download decisions neither read nor see it; its deposits have a history.
    expect((await requests(telechargeur).get('/api/signatures-ministre/courante')).statusCode).toBe(
      403,
    );
    expect(
      (await telechargeur.inject({ method: 'GET', url: '/api/signatures-ministre/image/courante' }))
        .statusCode,
    ).toBe(403);
    const history = await requests(deposeur).read<{ action: string; par: string }[]>(
      '/api/signatures-ministre/ministre/historique',
    );
    expect(history).toEqual([expect.objectContaining({ action: 'Dépôt de la signature' })]);
  });
});

describe('a département’s decision', () => {
  it('is prepared from the closed juries’ results, under « Apposer la signature du ministre » only', async () => {
    const target = { sessionId: fx.ids.session, departementId: fx.ids.mfoundi };
    for (const as of [telechargeur, deposeur, numeros])
      expect((await requests(as).post('/api/decisions-admission', target)).statusCode).toBe(403);
    const invalid = await requests(signataire).post('/api/decisions-admission', {
      sessionId: fx.ids.session,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ message: string }>().message).toBe('Choisissez le département.');
    // Wouri: no candidate of its centres de dépôt composed.
    const wouri = await requests(signataire).post('/api/decisions-admission', {
      sessionId: fx.ids.session,
      departementId: fx.ids.wouri,
    });
    expect(wouri.statusCode).toBe(409);
    expect(wouri.json<{ message: string }>().message).toBe(
      'Aucun candidat de ce département n’a composé à cette session : il n’y a pas de décision d’admission à établir.',
    );

    const created = track(await requests(signataire).post('/api/decisions-admission', target));
    expect(created.statusCode).toBe(201);
    decisionId = created.json<{ id: string }>().id;
    expect(decisionId).toBe(`${fx.ids.session}.${fx.ids.mfoundi}.1`);
    const again = await requests(signataire).post('/api/decisions-admission', target);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'La décision de ce département (version 1) est en préparation : actualisez-la plutôt.',
    );

    const found = await decision(decisionId);
    expect(found).toEqual(
      expect.objectContaining({ numero: 1, statut: 'brouillon', effectif: 4, remplace: null }),
    );
    const candidats = await requests(telechargeur).read<{ candidatureId: string; nom: string }[]>(
      `/api/decisions-admission/${decisionId}/candidats`,
    );
    expect(candidats.map((x) => x.candidatureId).sort()).toEqual(
      ADMITTED.map((i) => c(i).id).sort(),
    );
    // In name order.
    const names = candidats.map((x) => x.nom);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));

    const choices = await requests(telechargeur).read<Choices>(
      `/api/decisions-admission/choix?sessionId=${fx.ids.session}`,
      position,
    );
    expect(choices.sessions.map((s) => s.id)).toContain(fx.ids.session);
    expect(choices.departements).toEqual([
      expect.objectContaining({
        departementId: fx.ids.mfoundi,
        libelle: 'Mfoundi',
        admis: 4,
        reference: '0012/MINEFOP/CAB',
        // Only a signed decision is up to date.
        aJour: false,
        decisions: [expect.objectContaining({ id: decisionId, numero: 1, statut: 'brouillon' })],
      }),
    ]);
    expect((await requests(deposeur).get('/api/decisions-admission/choix')).statusCode).toBe(403);
    expect((await requests(numeros).get(`/api/decisions-admission/${decisionId}`)).statusCode).toBe(
      403,
    );
  });

  it('is a draft whose PDF says the signature is not applied', async () => {
    const pdf = await draft(fx.ids.mfoundi!);
    const text = pdfText(pdf).join('\n');
    expect(text).toContain('PROJET — Signature non apposée');
    expect(text).toContain('Signature non apposée');
    expect(text).not.toContain('Signé électroniquement');
    expect(pdf.includes('/ByteRange')).toBe(false);
    expect(text).toContain('Décision n° 0012/MINEFOP/CAB portant admission des candidats');
    for (const i of ADMITTED) expect(text).toContain(c(i).numeroCandidat);
    expect(pdfImages(pdf).flat()).toEqual([]);
    // Only who may download or sign decisions asks for one.
    const refused = await requests(deposeur).post('/api/documents', {
      kind: 'decision-admission',
      cible: { sessionId: fx.ids.session, departementId: fx.ids.mfoundi },
    });
    expect(refused.statusCode).toBe(403);
    const noDepartement = await requests(telechargeur).post('/api/documents', {
      kind: 'decision-admission',
      cible: { sessionId: fx.ids.session, siteId: fx.ids.lycee },
    });
    expect(noDepartement.statusCode).toBe(400);
  });

  it('is signed with the deposited signature, confirmed, by its permission holder only', async () => {
    const { version } = await decision(decisionId);
    const url = `/api/decisions-admission/${decisionId}/apposer-signature`;
    for (const as of [telechargeur, deposeur])
      expect((await requests(as).post(url, { confirmation: true }, version)).statusCode).toBe(403);
    const unconfirmed = await requests(signataire).post(url, {}, version);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json<{ message: string }>().message).toBe(
      'Confirmez l’apposition de la signature du ministre : une décision signée ne change plus.',
    );
    expect((await requests(signataire).post(url, { confirmation: true })).statusCode).toBe(428);
    // The screen showed version 2: the signature in force is version 1.
    const stale = await requests(signataire).post(
      url,
      { confirmation: true, signatureVersion: 2 },
      version,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(
      /^La signature du ministre a changé : la version 1, déposée le \d\d\/\d\d\/\d{4} par Awa Bello/,
    );

    const signedAnswer = track(
      await requests(signataire).post(url, { confirmation: true, signatureVersion: 1 }, version),
    );
    expect(signedAnswer.statusCode).toBe(200);
    const signed = await sealed(decisionId);
    expect(signed).toEqual(
      expect.objectContaining({
        statut: 'signee',
        reference: '0012/MINEFOP/CAB',
        signeePar: 'Serge Nkodo',
        signature: expect.objectContaining({ numero: 1, sha256: sha(SIGNATURE_1) }),
        documentId: `decision-${decisionId}`,
        pages: 1,
      }),
    );
    signedPdf = await download(signed.documentId!);
    expect(sha(signedPdf)).toBe(signed.sha256);
    // Who signs may read it too; who keeps the lists may not.
    await download(signed.documentId!, signataire);
    expect(
      (await numeros.inject({ method: 'GET', url: `/api/documents/${signed.documentId}/fichier` }))
        .statusCode,
    ).toBe(403);
  });

  it('prints the applied image, the visas in order, the arrêté, the admitted candidates and the ampliations', async () => {
    const images = pdfImages(signedPdf).flat();
    expect(images).toEqual([{ width: 240, height: 80 }]);
    const text = pdfText(signedPdf).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(
      'Décision n° 0012/MINEFOP/CAB portant admission des candidats à l’examen CQP — session CQP 2027',
    );
    expect(text).not.toContain('PROJET');
    expect(text).not.toContain('Signature non apposée');
    const order = [
      'Vu la Constitution ;',
      'Vu la loi n° 2018/010 du 11 juillet 2018 régissant la formation professionnelle ;',
      'Vu l’arrêté n° 0042/MINEFOP du 10/07/2027',
      'DÉCIDE :',
      'Article 1er',
      'Article 2',
      '- Archives',
      '- Intéressés',
    ].map((line) => text.indexOf(line));
    expect(order.every((p) => p >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('(4 candidats)');
    for (const i of ADMITTED) {
      expect(text).toContain(c(i).numeroCandidat);
      expect(text).toContain(c(i).prenoms);
    }
    for (const i of [1, 4]) expect(text).not.toContain(c(i).numeroCandidat);
    expect(text).toContain('Le Ministre');
    // Signed electronically too (PAdES), said at each page's foot; a draft is not.
    expect(text).toContain(
      'Signé électroniquement avec un certificat de démonstration (sans valeur probante).',
    );
    expect(text).toMatch(
      new RegExp(
        `Signature du ministre apposée le \\d\\d/\\d\\d/\\d{4} à \\d\\d h \\d\\d par Serge Nkodo \\(version 1, SHA-256 ${sha(SIGNATURE_1).slice(0, 16)}…\\)`,
      ),
    );
  });

  it('refuses every change once signed', async () => {
    const { version } = await decision(decisionId);
    for (const action of ['actualiser', 'apposer-signature']) {
      const refused = await requests(signataire).post(
        `/api/decisions-admission/${decisionId}/${action}`,
        { confirmation: true },
        version,
      );
      expect({
        action,
        status: refused.statusCode,
        message: refused.json<{ message: string }>().message,
      }).toEqual({
        action,
        status: 409,
        message: SIGNED_DECISION,
      });
    }
    expect(SIGNED_DECISION).toMatch(
      /^Cette décision est signée : .*établissez une nouvelle décision\.$/,
    );
    // Its candidates unchanged, so no new decision either.
    const none = await requests(signataire).post('/api/decisions-admission', {
      sessionId: fx.ids.session,
      departementId: fx.ids.mfoundi,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toBe(
      'La décision de ce département (version 1) est signée et ses candidats admis n’ont pas changé : il n’y a pas de nouvelle décision à établir.',
    );
    const history = await requests(signataire).read<{ action: string; par: string }[]>(
      `/api/decisions-admission/${decisionId}/historique`,
    );
    expect(history.map((h) => h.action)).toEqual([
      'Préparation',
      'Signature apposée',
      'Décision signée archivée (PDF)',
    ]);
  });

  it('keeps its PDF and candidates after a re-deliberation, which makes a version 2 possible', async () => {
    const upToDate = async () =>
      (
        await requests(telechargeur).read<Choices>(
          `/api/decisions-admission/choix?sessionId=${fx.ids.session}`,
          position,
        )
      ).departements.find((d) => d.departementId === fx.ids.mfoundi)!.aJour;
    // Signed and still listing the admitted candidates: a new decision has nothing to change.
    expect(await upToDate()).toBe(true);
    // A new signature deposited meanwhile changes nothing already signed.
    track(await deposit(deposeur, SIGNATURE_2));
    track(
      await requests(admin).post(`/api/deliberations/${fx.juryId}/redeliberations`, {
        candidatureId: c(0).id,
        motif: 'Fraude constatée après la délibération',
        derogation: { resultat: 'ajourne', motif: 'Fraude constatée à l’épreuve théorique' },
      }),
    );
    const signed = await decision(decisionId);
    expect(signed.statut).toBe('signee');
    expect(signed.effectif).toBe(4);
    expect(sha(await download(signed.documentId!))).toBe(sha(signedPdf));
    const candidats = await requests(telechargeur).read<{ candidatureId: string }[]>(
      `/api/decisions-admission/${decisionId}/candidats`,
    );
    expect(candidats.map((x) => x.candidatureId)).toContain(c(0).id);
    // The admitted candidates changed since the signature: a new decision is called for.
    expect(await upToDate()).toBe(false);

    const next = track(
      await requests(signataire).post('/api/decisions-admission', {
        sessionId: fx.ids.session,
        departementId: fx.ids.mfoundi,
      }),
    );
    expect(next.statusCode).toBe(201);
    const secondId = next.json<{ id: string }>().id;
    expect(secondId).toBe(`${fx.ids.session}.${fx.ids.mfoundi}.2`);
    const second = await decision(secondId);
    expect(second).toEqual(
      expect.objectContaining({ numero: 2, effectif: 3, remplace: decisionId }),
    );

    // A new decision takes a new number.
    const url = `/api/decisions-admission/${secondId}/apposer-signature`;
    const sameNumber = await requests(signataire).post(url, { confirmation: true }, second.version);
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json<{ message: string }>().message).toBe(
      'Le numéro 0012/MINEFOP/CAB est celui d’une décision déjà signée de ce département : enregistrez le numéro de la nouvelle décision (« Références par département »).',
    );
    const item = await requests(numeros).read<{ version: number }>(
      `/api/references-decisions/${referenceId}`,
      position,
    );
    track(
      await requests(numeros).put(
        `/api/references-decisions/${referenceId}`,
        { libelle: '0031/MINEFOP/CAB', sessionId: fx.ids.session, departementId: fx.ids.mfoundi },
        item.version,
      ),
    );
    expect(
      track(await requests(signataire).post(url, { confirmation: true }, second.version))
        .statusCode,
    ).toBe(200);
    const secondSigned = await sealed(secondId);
    expect(secondSigned.signature).toEqual(
      expect.objectContaining({ numero: 2, sha256: sha(SIGNATURE_2) }),
    );
    const pdf = await download(secondSigned.documentId!);
    const text = pdfText(pdf).join('\n');
    expect(text).toContain('Décision n° 0031/MINEFOP/CAB');
    expect(text).toContain('version 2');
    expect(text).toContain('(3 candidats)');
    expect(text).not.toContain(c(0).numeroCandidat);
    expect(pdfImages(pdf).flat()).toHaveLength(1);
    // The first decision's file, still byte for byte as signed.
    expect(sha(await download(signed.documentId!))).toBe(sha(signedPdf));
  });
});
