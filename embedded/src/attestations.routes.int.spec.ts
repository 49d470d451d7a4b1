import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ATTESTATION_CATEGORY,
  DOCUMENT_CATEGORY,
  SIGNING_CERTIFICATE_CATEGORY,
  SIGNING_CERTIFICATE_ID,
  signingCertificateDecider,
  SYSTEM_ACTOR,
  formatVerificationCode,
  isVerificationCode,
  PERMISSION_CODES,
  streamName,
  type AttestationDocument,
} from '@examens-pro/domain';
import { handleCommand, openSealedCertificate, uniqueValueHolder } from '@examens-pro/platform';
import {
  ensureSigningCertificate,
  issueAttestation,
  PUBLIC_URL_MISSING,
} from '@examens-pro/application';
import { generateDocument } from '@examens-pro/workers';
import { pdfQrCodes } from '@examens-pro/workers/testing/pdfQrCodes';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { signaturePng } from '@examens-pro/workers/testing/signaturePng';
import { startTestApp, type Agent } from './testApp.js';
import {
  closedDeliberation,
  deliberatingSession,
  requests,
  type DeliberationFixture,
} from './examFixture.js';

/**
 * Attestations and diplomas over HTTP (« Gestion des admissions → Attestations »): refused without
 * PUBLIC_URL, without the permission, for a candidate not admitted or not deliberated; the code of
 * a candidate issued once, whatever the requests; each document read back — its text, its QR code
 * (decoded from the rendered page), the pages of a département and of a zone, the same bytes when
 * made again.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const PUBLIC = 'https://examens.example.org';
let t: TestApp;
let admin: Agent;
let fx: DeliberationFixture;
let imprimeur: Agent; // « Imprimer les diplômes » only
let autre: Agent; // every permission but that one

interface Row {
  id: string;
  nom: string;
  prenoms: string;
  numeroCandidat: string;
  departementId: string;
  admis: boolean;
  code: string | null;
  generee: boolean;
  tirages: number;
  tiragesDiplome: number;
  emisePar: string | null;
  dernierTiragePar: string | null;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const c = (i: number) => fx.candidates[i]!;
// Default marks: averages 15, 7, 12, 16, 9, 11, 13, 6 → admitted: 0, 2, 3, 5, 6.
const ADMITTED = [0, 2, 3, 5, 6];
// Candidates 0–3 registered at the Yaoundé centre (Mfoundi), 4–7 at the Douala one (Wouri).
const MFOUNDI = [0, 2, 3];
const WOURI = [5, 6];

beforeAll(async () => {
  t = await startTestApp({ publicUrl: `${PUBLIC}/` });
  admin = await t.asAdmin();
  const image = await admin.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': 'image/png' },
    payload: signaturePng(),
  });
  expect(image.statusCode).toBe(201);
  await requests(admin).created('/api/signataires', {
    code: 'DEC',
    libelle: 'Paul Atangana',
    titre: 'Directeur des examens et concours',
    signeAttestations: true,
    signeDiplomes: true,
    signature: image.json<{ fichier: string }>().fichier,
  });
  fx = await closedDeliberation(t, admin, {
    count: 8,
    candidate: async (i, s) => {
      if (i < 4) return {};
      s.ids.depotDouala ??= (
        await s.r.created('/api/centres-depot', {
          code: 'CQP-DEP-DLA',
          libelle: 'Dépôt de Douala',
          departementId: s.ids.wouri,
        })
      ).id;
      return { depot: 'depotDouala' };
    },
  });
  imprimeur = await t.userWith(['diplome.imprimer'], 'diplomes@test.local', undefined, {
    nom: 'Bello',
    prenoms: 'Awa',
  });
  autre = await t.userWith(
    PERMISSION_CODES.filter((code) => code !== 'diplome.imprimer'),
    'autre@test.local',
  );
}, 240_000);
afterAll(async () => t?.close());

/** Asks for a document as `who`; answers the request's reply. */
const ask = (who: Agent, payload: Record<string, unknown>) =>
  requests(who).post('/api/attestations/documents', payload);

/** Waits for a document; answers its bytes. */
const generated = async (who: Agent, reply: { statusCode: number; body: string }) => {
  expect({ status: reply.statusCode, body: reply.statusCode === 201 ? '' : reply.body }).toEqual({
    status: 201,
    body: '',
  });
  const { id, position } = JSON.parse(reply.body) as { id: string; position: string };
  let state = await requests(who).read<{ statut: string; progression: number; raison?: string }>(
    `/api/documents/${id}/progression`,
    position,
  );
  for (let i = 0; i < 600 && state.statut === 'demande'; i += 1) {
    await new Promise((r) => setTimeout(r, 50));
    state = await requests(who).read(`/api/documents/${id}/progression`);
  }
  expect([state.statut, state.raison]).toEqual(['genere', undefined]);
  expect(state.progression).toBe(100);
  const file = await who.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
  expect(file.statusCode).toBe(200);
  if (process.env.KEEP_PDF) writeFileSync(`${process.env.KEEP_PDF}/${id}.pdf`, file.rawPayload);
  return { id, pdf: file.rawPayload, disposition: String(file.headers['content-disposition']) };
};

const rows = async (filter: Record<string, unknown> = {}) =>
  requests(imprimeur).read<Row[]>(
    `/api/attestations?filter=${enc({ sessionId: fx.ids.session, ...filter })}&range=[0,99]`,
    fx.position,
  );
const row = async (i: number) => (await rows()).find((r) => r.id === c(i).id)!;

const documentCount = async () =>
  (await requests(admin).read<unknown[]>('/api/documents?range=[0,999]')).length;

describe('Refusals', () => {
  it('refuses every request while PUBLIC_URL is unset, with a French message, writing nothing', async () => {
    const bare = await startTestApp();
    try {
      const someone = await bare.userWith(['diplome.imprimer'], 'sans-adresse@test.local');
      const reply = await requests(someone).post('/api/attestations/documents', {
        kind: 'attestations',
        sessionId: 'une-session',
        departementId: 'un-departement',
      });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({ message: PUBLIC_URL_MISSING });
      expect(PUBLIC_URL_MISSING).toMatch(/PUBLIC_URL/);
      const documents = await requests(await bare.asAdmin()).read<unknown[]>('/api/documents');
      expect(documents).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('needs « Imprimer les diplômes » on every route: asking, listing, following, downloading', async () => {
    const reply = await ask(imprimeur, {
      kind: 'attestations',
      sessionId: fx.ids.session,
      candidatureIds: [c(3).id],
    });
    const { id } = await generated(imprimeur, reply);
    const urls = [
      `/api/attestations?filter=${enc({ sessionId: fx.ids.session })}`,
      `/api/attestations/${c(3).id}`,
      `/api/documents/${id}/progression`,
      `/api/documents/${id}/fichier`,
    ];
    for (const url of urls) {
      expect([url, (await t.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 401]);
      expect([url, (await autre.inject({ method: 'GET', url })).statusCode]).toEqual([url, 403]);
      expect([url, (await imprimeur.inject({ method: 'GET', url })).statusCode]).toEqual([
        url,
        200,
      ]);
    }
    for (const kind of ['attestations', 'diplomes'])
      expect(
        (await ask(autre, { kind, sessionId: fx.ids.session, departementId: fx.ids.mfoundi }))
          .statusCode,
      ).toBe(403);
    // The generic route never makes them: it would skip the checks of this one.
    const generic = await requests(admin).post('/api/documents', {
      kind: 'attestations',
      cible: { sessionId: fx.ids.session, departementId: fx.ids.mfoundi },
    });
    expect(generic.statusCode).toBe(400);
    expect(generic.json<{ message: string }>().message).toMatch(/écrans « Attestations »/);
    // The screens' permission is diplome.imprimer, and nothing else.
    for (const path of [
      'liste-des-candidats',
      'telechargement-des-attestations',
      'telechargement-par-departement',
      'telechargement-par-zone',
    ])
      expect(
        (
          await imprimeur.inject({
            method: 'POST',
            url: '/api/can/uniq',
            payload: {
              path: `/tableau-de-bord/espace-examen/gestion-des-admissions/attestations/${path}`,
            },
          })
        ).json(),
      ).toEqual({ can: true });
  });

  it('answers bad requests with a French 400 and writes nothing', async () => {
    const before = await documentCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'attestations', sessionId: fx.ids.session }, /un seul des trois/],
      [
        {
          kind: 'attestations',
          sessionId: fx.ids.session,
          departementId: fx.ids.mfoundi,
          zoneId: 'z',
        },
        /un seul des trois/,
      ],
      [
        { kind: 'releves', sessionId: fx.ids.session, departementId: fx.ids.mfoundi },
        /attestations ou diplômes/,
      ],
      [{ kind: 'attestations', departementId: fx.ids.mfoundi }, /Choisissez la session/],
      [
        { kind: 'attestations', sessionId: fx.ids.session, candidatureIds: [] },
        /au moins un candidat/,
      ],
      [
        {
          kind: 'attestations',
          sessionId: fx.ids.session,
          candidatureIds: Array.from({ length: 1001 }, (_, i) => `c-${i}`),
        },
        /au plus 1\s000 candidats/,
      ],
      [
        { kind: 'attestations', sessionId: 'inconnue', departementId: fx.ids.mfoundi },
        /session est introuvable/,
      ],
      [
        { kind: 'attestations', sessionId: fx.ids.session, departementId: 'inconnu' },
        /département est introuvable/i,
      ],
      [
        { kind: 'attestations', sessionId: fx.ids.session, candidatureIds: ['inconnu'] },
        /n’est pas un candidat de la session « CQP 2027 »/,
      ],
    ];
    for (const [payload, message] of cases) {
      const reply = await ask(imprimeur, payload);
      expect([payload, reply.statusCode]).toEqual([payload, 400]);
      expect(reply.json<{ message: string }>().message).toMatch(message);
    }
    expect(await documentCount()).toBe(before);
  });

  it('refuses a candidate who is not admitted, or whose jury has not closed its deliberation', async () => {
    const before = await documentCount();
    const ajourne = await ask(imprimeur, {
      kind: 'attestations',
      sessionId: fx.ids.session,
      candidatureIds: [c(0).id, c(1).id],
    });
    expect(ajourne.statusCode).toBe(400);
    expect(ajourne.json<{ message: string }>().message).toBe(
      `Le candidat ${c(1).nom} ${c(1).prenoms} (${c(1).numeroCandidat}) n’est pas admis (résultat : Ajourné) : seuls les admis reçoivent une attestation et un diplôme.`,
    );
    const diplome = await ask(imprimeur, {
      kind: 'diplomes',
      sessionId: fx.ids.session,
      candidatureIds: [c(4).id],
    });
    expect(diplome.statusCode).toBe(400);
    // A session whose jury still deliberates: no result, no attestation.
    const open = await deliberatingSession(t, admin, { count: 1, code: 'DQP' });
    const pending = await ask(imprimeur, {
      kind: 'attestations',
      sessionId: open.ids.session,
      candidatureIds: [open.candidates[0]!.id],
    });
    expect(pending.statusCode).toBe(400);
    expect(pending.json<{ message: string }>().message).toMatch(
      /n’a pas de résultat délibéré : son attestation et son diplôme attendent la clôture de la délibération de son jury/,
    );
    const nobody = await ask(imprimeur, {
      kind: 'attestations',
      sessionId: open.ids.session,
      departementId: open.ids.mfoundi,
    });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json<{ message: string }>().message).toMatch(/Aucun admis de la session/);
    expect(await documentCount()).toBe(before);
    // No code was issued to any of them.
    for (const id of [c(1).id, c(4).id, open.candidates[0]!.id])
      expect(await t.eventStore.readStream(streamName(ATTESTATION_CATEGORY, id))).toEqual([]);
  }, 120_000);
});

describe('Documents', () => {
  it('lists the admitted candidates, generated or not, with their codes', async () => {
    const all = await rows();
    expect(all.map((r) => r.id).sort()).toEqual(ADMITTED.map((i) => c(i).id).sort());
    expect(all.every((r) => r.admis)).toBe(true);
    const wouri = await rows({ departementId: fx.ids.wouri });
    expect(wouri.map((r) => r.id).sort()).toEqual(WOURI.map((i) => c(i).id).sort());
    // A non-admitted candidate is not read through the route (its scope: admitted only).
    expect(
      (await imprimeur.inject({ method: 'GET', url: `/api/attestations/${c(1).id}` })).statusCode,
    ).toBe(404);
  });

  it('prints a candidate’s attestation: name, métier, session, code, and its QR code reads the address', async () => {
    const reply = await ask(imprimeur, {
      kind: 'attestations',
      sessionId: fx.ids.session,
      candidatureIds: [c(0).id],
    });
    expect(reply.json()).toMatchObject({ candidats: 1, enAttente: 0 });
    const { pdf, disposition } = await generated(imprimeur, reply);
    const { code } = await row(0);
    expect(isVerificationCode(code)).toBe(true);
    const [page, ...more] = pdfText(pdf);
    expect(more).toEqual([]);
    for (const expected of [
      'ATTESTATION DE RÉUSSITE',
      c(0).nom.toUpperCase(),
      c(0).prenoms,
      'Électricité',
      'CQP 2027',
      formatVerificationCode(code!),
      'Paul Atangana',
      'Directeur des examens et concours',
      `${PUBLIC}/diplomes`,
    ])
      expect([expected, page!.includes(expected)]).toEqual([expected, true]);
    expect(pdfQrCodes(pdf)).toEqual([`${PUBLIC}/diplomes?code=${encodeURIComponent(code!)}`]);
    expect(disposition).toMatch(/attestations-.*\.pdf/);
    const after = await row(0);
    expect(after).toMatchObject({
      generee: true,
      tirages: 1,
      emisePar: 'Awa Bello',
      dernierTiragePar: 'Awa Bello',
    });
    // Issued by whoever asked, caused by the request.
    const [issued, ...again] = await t.eventStore.readStream(
      streamName(ATTESTATION_CATEGORY, c(0).id),
    );
    expect(again).toEqual([]);
    expect(issued!.type).toBe('AttestationIssued');
    expect(issued!.metadata.actor.name).toBe('Awa Bello');
    expect(issued!.data).toMatchObject({
      code,
      adresse: `${PUBLIC}/diplomes?code=${encodeURIComponent(code!)}`,
    });
  });

  it('issues a candidate’s code once: the same code on every document, even asked for at once', async () => {
    const first = (await row(0)).code!;
    const [a, b] = await Promise.all(
      ['attestations', 'diplomes'].map((kind) =>
        ask(imprimeur, { kind, sessionId: fx.ids.session, candidatureIds: [c(0).id, c(2).id] }),
      ),
    );
    const [pa, pb] = [await generated(imprimeur, a!), await generated(imprimeur, b!)];
    const code2 = (await row(2)).code!;
    expect(isVerificationCode(code2)).toBe(true);
    expect(code2).not.toBe(first);
    const expected = [first, code2];
    // Pages in name order: Mballa (0), Étoundi (2) → Étoundi first.
    const order = [c(0), c(2)]
      .map((x, i) => ({ nom: x.nom, code: expected[i]! }))
      .sort((x, y) => x.nom.localeCompare(y.nom, 'fr'));
    for (const { pdf } of [pa, pb])
      expect(pdfQrCodes(pdf)).toEqual(
        order.map((o) => `${PUBLIC}/diplomes?code=${encodeURIComponent(o.code)}`),
      );
    expect(pdfText(pb.pdf)[0]).toContain('DIPLÔME');
    expect((await row(0)).code).toBe(first);
    for (const i of [0, 2])
      expect(
        (await t.eventStore.readStream(streamName(ATTESTATION_CATEGORY, c(i).id))).filter(
          (e) => e.type === 'AttestationIssued',
        ),
      ).toHaveLength(1);
    expect(await row(0)).toMatchObject({ tirages: 2, tiragesDiplome: 1 });
  });

  it('keeps the first code when several workers issue a candidate’s code at the same instant', async () => {
    const doc = await requests(imprimeur).read<AttestationDocument>(`/api/attestations/${c(6).id}`);
    expect(doc.code).toBeNull();
    const issued = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        issueAttestation(t.eventStore, doc, PUBLIC, `document-${n}`, (suffix) => ({
          commandId: `course-${n}-${suffix}`,
          actor: { id: 'u', name: 'Awa Bello' },
          now: new Date().toISOString(),
        })),
      ),
    );
    expect(new Set(issued.map((i) => i.code)).size).toBe(1);
    const events = await t.eventStore.readStream(streamName(ATTESTATION_CATEGORY, c(6).id));
    expect(events.map((e) => [e.type, (e.data as { code: string }).code])).toEqual([
      ['AttestationIssued', issued[0]!.code],
    ]);
    // Its code is reserved for it: no other candidate can ever be issued the same.
    expect(
      await uniqueValueHolder(t.eventStore, {
        resource: ATTESTATION_CATEGORY,
        field: 'code',
        value: issued[0]!.code,
      }),
    ).toBe(streamName(ATTESTATION_CATEGORY, c(6).id));
  });

  it('makes an unchanged attestation again byte for byte', async () => {
    const ask0 = () =>
      ask(imprimeur, {
        kind: 'attestations',
        sessionId: fx.ids.session,
        candidatureIds: [c(3).id],
      });
    const first = await generated(imprimeur, await ask0());
    const second = await generated(imprimeur, await ask0());
    expect(first.id).not.toBe(second.id);
    expect(second.pdf.equals(first.pdf)).toBe(true);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const docs = await requests(imprimeur).read<{ id: string; sha256: string }[]>(
      `/api/documents?filter=${enc({ id: [first.id, second.id] })}`,
    );
    expect(docs.map((d) => d.sha256)).toEqual([sha(first.pdf), sha(first.pdf)]);
  });

  it('merges a département’s admitted candidates into one PDF, one page each, in name order', async () => {
    const reply = await ask(imprimeur, {
      kind: 'attestations',
      sessionId: fx.ids.session,
      departementId: fx.ids.mfoundi,
    });
    expect(reply.json()).toMatchObject({ candidats: MFOUNDI.length });
    const { pdf, disposition } = await generated(imprimeur, reply);
    expect(disposition).toContain('attestations-departement-mfoundi.pdf');
    const pages = pdfText(pdf);
    expect(pages).toHaveLength(MFOUNDI.length);
    const listed = (await rows({ departementId: fx.ids.mfoundi })).sort(
      (a, b) => a.nom.localeCompare(b.nom, 'fr') || a.prenoms.localeCompare(b.prenoms, 'fr'),
    );
    expect(listed.map((r) => r.id).sort()).toEqual(MFOUNDI.map((i) => c(i).id).sort());
    // Every candidate has a code now; each page names its candidate and carries their code.
    pages.forEach((page, p) => {
      expect(page).toContain(listed[p]!.nom.toUpperCase());
      expect(page).toContain(formatVerificationCode(listed[p]!.code!));
    });
    expect(pdfQrCodes(pdf)).toEqual(
      listed.map((r) => `${PUBLIC}/diplomes?code=${encodeURIComponent(r.code!)}`),
    );
    expect(listed.every((r) => r.generee)).toBe(true);
    // Wouri's are still to be generated (candidate 6 only has a code: issued in the race above).
    expect(
      (await rows({ departementId: fx.ids.wouri })).map((r) => [r.id, r.generee, Boolean(r.code)]),
    ).toEqual(
      expect.arrayContaining([
        [c(5).id, false, false],
        [c(6).id, false, true],
      ]),
    );
  });

  it('merges a zone’s admitted candidates, département after département', async () => {
    const wouri = await requests(imprimeur).read<{ zoneId: string }>(
      `/api/departements/${fx.ids.wouri}`,
    );
    const reply = await ask(imprimeur, {
      kind: 'diplomes',
      sessionId: fx.ids.session,
      zoneId: wouri.zoneId,
    });
    expect(reply.json()).toMatchObject({ candidats: WOURI.length });
    const { pdf } = await generated(imprimeur, reply);
    expect(pdfText(pdf)).toHaveLength(WOURI.length);
    const codes = await rows({ zoneId: wouri.zoneId });
    expect(codes.every((r) => isVerificationCode(r.code) && r.tiragesDiplome === 1)).toBe(true);
    expect(new Set(pdfQrCodes(pdf))).toEqual(
      new Set(codes.map((r) => `${PUBLIC}/diplomes?code=${encodeURIComponent(r.code!)}`)),
    );
    // Filters of the list: generated or not.
    expect((await rows({ generee: false })).map((r) => r.id)).toEqual([]);
  });

  it('keeps an enrôleur to their centre de dépôt’s admitted candidates', async () => {
    const enroleur = await t.userWith(
      ['diplome.imprimer'],
      'diplomes-douala@test.local',
      fx.ids.depotDouala,
    );
    const listed = await requests(enroleur).read<Row[]>(
      `/api/attestations?filter=${enc({ sessionId: fx.ids.session })}`,
    );
    expect(listed.map((r) => r.id).sort()).toEqual(WOURI.map((i) => c(i).id).sort());
    const other = await ask(enroleur, {
      kind: 'attestations',
      sessionId: fx.ids.session,
      candidatureIds: [c(0).id],
    });
    expect(other.statusCode).toBe(400);
    const mfoundi = await ask(enroleur, {
      kind: 'attestations',
      sessionId: fx.ids.session,
      departementId: fx.ids.mfoundi,
    });
    expect(mfoundi.statusCode).toBe(409);
    expect(mfoundi.json<{ message: string }>().message).toMatch(/Aucun admis/);
    // Their zone's document: their centre's candidates only, whatever the zone holds.
    const zone = (
      await requests(enroleur).read<{ zoneId: string }>(`/api/departements/${fx.ids.wouri}`)
    ).zoneId;
    const { pdf } = await generated(
      enroleur,
      await ask(enroleur, { kind: 'diplomes', sessionId: fx.ids.session, zoneId: zone }),
    );
    expect(pdfText(pdf)).toHaveLength(WOURI.length);
  });
  it('signs each attestation with the office’s certificate (PAdES), a demonstration one; a revoked certificate signs nothing more', async () => {
    // The test app's key: its session secret (no CERTIFICATE_KEY).
    const key = 'secret-de-test-secret-de-test-secret-de-test';
    const certificate = await ensureSigningCertificate(t.eventStore, key);
    expect(certificate.demonstration).toBe(true);
    const { id, pdf } = await generated(
      imprimeur,
      await ask(imprimeur, {
        kind: 'attestations',
        sessionId: fx.ids.session,
        candidatureIds: [c(5).id],
      }),
    );
    // The page says how it is signed, under its verification code.
    const text = pdfText(pdf)[0]!.replace(/\s+/g, ' ');
    expect(text).toContain('en saisissant ce code ou en lisant le code QR.');
    expect(text).toContain(
      'Signé électroniquement avec un certificat de démonstration (sans valeur probante).',
    );
    const outcome = (await t.eventStore.readStream(streamName(DOCUMENT_CATEGORY, id))).find(
      (e) => e.type === 'DocumentGenerated',
    )!;
    expect((outcome.data as { signature?: unknown }).signature).toEqual({
      numero: certificate.numero,
      empreinte: certificate.empreinte,
      demonstration: true,
    });
    if (spawnSync('pdfsig', ['-v']).status === 0) {
      const file = join(t.dir, 'attestation-signee.pdf');
      writeFileSync(file, pdf);
      const report = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      expect(report).toContain('Examens Pro — certificat de démonstration');
    } else console.warn('IGNORÉ en partie : pdfsig absent (paquet poppler-utils)');
    // `/diplomes` checks the file given to someone, beside its code; the file is never stored.
    const code = (await row(5)).code!;
    const check = async (file: Buffer, withCode = code) => {
      const reply = await t.agent().inject({
        method: 'POST',
        url: '/api/public/verifications/fichier',
        headers: { 'content-type': 'application/pdf', 'x-code-verification': withCode },
        payload: file,
      });
      return {
        status: reply.statusCode,
        body: reply.json<{
          nom?: string;
          message?: string;
          fichier?: {
            authentique: boolean;
            delivreSousCeCode: boolean;
            remplace: boolean;
            message: string;
            signature: { certificat: string | null };
          };
        }>(),
      };
    };
    const genuine = await check(pdf);
    expect(genuine.status).toBe(200);
    expect(genuine.body.nom).toBe(c(5).nom);
    expect(genuine.body.fichier).toMatchObject({
      authentique: false,
      delivreSousCeCode: true,
      remplace: false,
      signature: { certificat: 'demonstration' },
    });
    expect(genuine.body.fichier!.message).toBe(
      'Ce fichier est le document délivré sous ce code, signé par le bureau des examens : aucun octet n’a changé. Il est signé avec un certificat de démonstration : sa signature prouve qu’il n’a pas changé, pas qui l’a délivré.',
    );
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('stream') + 30;
    tampered[at] = tampered[at]! ^ 0x01;
    expect((await check(tampered)).body.fichier!.message).toBe(
      'La signature de ce fichier n’est pas valide : il a été modifié après sa signature.',
    );
    // Another candidate's genuine attestation under this code: signed, not the one issued.
    const other = await generated(
      imprimeur,
      await ask(imprimeur, {
        kind: 'attestations',
        sessionId: fx.ids.session,
        candidatureIds: [c(6).id],
      }),
    );
    expect((await check(other.pdf)).body.fichier!.message).toBe(
      'Ce fichier est signé par le bureau des examens, mais ce n’est pas le document délivré sous ce code.',
    );
    const unsigned = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect((await check(unsigned)).body.fichier!.message).toMatch(/n’est pas signé/);
    expect((await check(pdf, 'ZZZZ-ZZZZ-ZZZZ-Z')).status).toBeGreaterThanOrEqual(400);
    // Over 20 Mo: refused in French before the check.
    const tooLarge = await check(Buffer.concat([pdf, Buffer.alloc(20 * 1024 * 1024)]));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Le contenu envoyé est trop volumineux.');
    // The certificate's file and password are in the event log only sealed.
    const log = JSON.stringify(
      await t.eventStore.readStream(
        streamName(SIGNING_CERTIFICATE_CATEGORY, SIGNING_CERTIFICATE_ID),
      ),
    );
    const bundle = openSealedCertificate(key, certificate.scelle);
    expect(log).not.toContain(bundle.passphrase);
    expect(log).not.toContain(bundle.p12.toString('base64').slice(0, 64));

    await handleCommand(t.eventStore, {
      stream: streamName(SIGNING_CERTIFICATE_CATEGORY, SIGNING_CERTIFICATE_ID),
      decider: signingCertificateDecider,
      command: {
        type: 'RevokeSigningCertificate',
        data: { empreinte: certificate.empreinte, motif: 'Clé compromise' },
      },
      context: { commandId: 'revocation-test', actor: SYSTEM_ACTOR, now: new Date().toISOString() },
    });
    const reply = await ask(imprimeur, {
      kind: 'attestations',
      sessionId: fx.ids.session,
      candidatureIds: [c(6).id],
    });
    expect(reply.statusCode).toBe(201);
    const { id: refusedId, position: requestedAt } = reply.json<{ id: string; position: string }>();
    const [requested] = await t.eventStore.readStream(streamName(DOCUMENT_CATEGORY, refusedId));
    // Its last try, as a worker would make it: the document fails with the reason staff read.
    const generate = generateDocument({
      eventStore: t.eventStore,
      readStore: t.readStore,
      storage: t.storage,
      certificateKey: key,
    });
    const job = {
      id: `essai-${refusedId}`,
      name: 'generer-document',
      attempt: 3,
      data: {
        documentId: refusedId,
        kind: 'attestations',
        cible: (requested!.data as { cible: unknown }).cible,
        requestEventId: requested!.id,
        requestPosition: requested!.position,
      },
      progress: async () => undefined,
    };
    // The worker of the app may have tried first: either way the outcome is the refusal.
    await generate(job).catch((error: Error) =>
      expect(error.message).toMatch(/Le certificat de signature a été révoqué/),
    );
    // Read once the request is projected: a read sent sooner may not know the document yet.
    let state = await requests(imprimeur).read<{ statut: string; raison?: string }>(
      `/api/documents/${refusedId}/progression`,
      requestedAt,
    );
    for (let i = 0; i < 200 && state.statut === 'demande'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      state = await requests(imprimeur).read(
        `/api/documents/${refusedId}/progression`,
        requestedAt,
      );
    }
    expect(state.statut).toBe('echec');
    expect(state.raison).toBe(
      'Génération impossible : Le certificat de signature a été révoqué : déposez-en un nouveau (Configuration → Signataires) avant de générer ce document.',
    );
    expect(t.storage.exists(`${refusedId}.pdf`)).toBe(false);
  });
});
