import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { candidatureCommands } from '@examens-pro/application';
import {
  DEFAULT_TIME_ZONE,
  PAYMENT_STATEMENT_CATEGORY,
  type PaymentStatementDocument,
  type StatementLine,
} from '@examens-pro/domain';
import { answered, openSession, register, type ExamSession } from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * « Paiements depuis un relevé » over HTTP: a statement's lines matched (exact dossier number:
 * certaine; the candidate's phone and the outstanding fee: douteuse, with every possible dossier;
 * otherwise introuvable, with its French reason), the doubtful ones decided, then applied all or
 * nothing as the dossiers' payments (channel and reference from the statement, the actor
 * recorded); a reference applied twice refused, a malformed file refused in French with nothing
 * written, an enrôleur's statement matching its centre's dossiers only.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;

interface Dossier {
  id: string;
  numeroDossier: string;
  montantPaye: number;
  resteAPayer: number | null;
  paiements: { montant: number; reference: string; canal?: string; enregistrePar: string }[];
}

const HEADER = 'Date;Montant;Référence;Numéro de dossier;Téléphone';
const csv = (lines: string[]) => Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');

describe('payments from a statement', () => {
  let t: TestApp;
  let admin: Agent;
  let s: ExamSession;
  const d: Record<string, Dossier> = {};
  let statement: Buffer;

  const upload = (body: Buffer, as: Agent = admin, type = 'text/csv', canal = 'mobile-money') =>
    as.inject({
      method: 'POST',
      url: `/api/releves-paiement?sessionId=${s.ids.session}&canal=${canal}&fichier=releve.csv`,
      headers: { 'content-type': type },
      payload: body,
    });
  const read = async (id: string, position?: string, as: Agent = admin) =>
    (
      await as.inject({
        method: 'GET',
        url: `/api/releves-paiement/${id}`,
        headers: position ? { 'x-min-position': position } : {},
      })
    ).json<PaymentStatementDocument>();
  const previewed = async (body: Buffer, as: Agent = admin) => {
    const answer = answered(await upload(body, as), 201, 'aperçu');
    return read(answer.id, answer.position, as);
  };
  const decide = (id: string, ligne: number, candidatureId: string | null, as: Agent = admin) =>
    as.inject({
      method: 'POST',
      url: `/api/releves-paiement/${id}/decisions`,
      payload: { ligne, candidatureId },
    });
  const apply = (id: string, as: Agent = admin) =>
    as.inject({ method: 'POST', url: `/api/releves-paiement/${id}/appliquer` });
  const dossier = async (key: string) =>
    s.r.read<Dossier>(`/api/candidatures/${d[key]!.id}`, await t.eventStore.headPosition());
  const line = (doc: PaymentStatementDocument, n: number): StatementLine =>
    doc.lignes.find((l) => l.ligne === n)!;
  const statementEvents = async () =>
    (await t.eventStore.readAll({ fromPosition: '0', maxCount: 100_000 })).filter((e) =>
      e.streamId.startsWith(`${PAYMENT_STATEMENT_CATEGORY}-`),
    ).length;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.asAdmin();
    s = await openSession(admin, { code: 'REL' });
    await s.r.created('/api/frais-examen', {
      code: 'FR-REL',
      libelle: 'Frais REL 2027',
      sessionId: s.ids.session,
      montant: 25000,
      prefixePaiement: 'REL',
      paiementAvantValidation: false,
    });
    s.ids.depot2 = (
      await s.r.created('/api/centres-depot', {
        code: 'REL-DEP2',
        libelle: 'Dépôt de Douala',
        departementId: s.ids.wouri!,
      })
    ).id;
    for (const [key, telephone, depot] of [
      ['a', '677000001', 'depot'],
      ['b', '677 00 00 03', 'depot'],
      ['c', '+237677000003', 'depot'],
      ['dd', '677000004', 'depot2'],
      ['e', '677000005', 'depot'],
    ] as const) {
      const registered = await register(s, { validated: false, depot, fields: { telephone } });
      d[key] = await s.r.read<Dossier>(`/api/candidatures/${registered.id}`, registered.position);
    }
    statement = csv([
      `19/11/2026;25 000;MM-A;${d.a!.numeroDossier};`,
      '19/11/2026;25000;MM-B;;+237 677 00 00 03',
      '19/11/2026;10 000 FCFA;MM-X;;677000003',
      '20/11/2026;25 000;MM-Z;REL27-999999;690000000',
      `20/11/2026;25 000;MM-D;${d.dd!.numeroDossier.toLowerCase()};`,
    ]);
  });
  afterAll(async () => t.close());

  it('refuses a malformed file or line in French, and writes nothing', async () => {
    const missing = await upload(
      Buffer.from('Date;Référence;Téléphone\r\n19/11/2026;MM-1;677000001\r\n'),
    );
    expect([missing.statusCode, missing.json<{ message: string }>().message]).toEqual([
      400,
      'Colonne manquante : montant.',
    ]);
    const bad = await upload(
      csv([
        '2026/11/19;25 000;MM-1;REL27-000001;',
        '19/11/2026;vingt;MM-2;REL27-000001;',
        '19/11/2026;25 000;M;REL27-000001;',
        '19/11/2026;25 000;MM-4;;',
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Ligne 2 : La date doit être au format JJ/MM/AAAA.',
      code: 'releve-invalide',
      lignes: [
        { ligne: 2, colonne: 'date', message: 'Ligne 2 : La date doit être au format JJ/MM/AAAA.' },
        {
          ligne: 3,
          colonne: 'montant',
          message: 'Ligne 3 : Le montant est un nombre entier de francs CFA, de 1 à 10 000 000.',
        },
        {
          ligne: 4,
          colonne: 'reference',
          message:
            'Ligne 4 : La référence du reçu ou de la transaction compte au moins 3 caractères.',
        },
        {
          ligne: 5,
          colonne: 'numero_dossier',
          message: 'Ligne 5 : Indiquez le numéro de dossier ou le téléphone du candidat.',
        },
      ],
    });
    const binary = await upload(Buffer.from([0x00, 0x01, 0x02]), admin, 'application/octet-stream');
    expect(binary.json<{ message: string }>().message).toBe(
      'Le fichier doit être une liste CSV ou un classeur XLSX.',
    );
    const channel = await upload(statement, admin, 'text/csv', 'cheque');
    expect(channel.json<{ message: string }>().message).toBe(
      'Choisissez la provenance du relevé : banque ou mobile money.',
    );
    expect(await statementEvents()).toBe(0);
  });

  it('matches each line: exact number, else phone and outstanding fee (doubtful), else not found', async () => {
    const doc = await previewed(statement);
    expect(doc).toMatchObject({
      statut: 'apercu',
      canal: 'mobile-money',
      fichier: 'releve.csv',
      certaines: 2,
      douteuses: 1,
      introuvables: 2,
      aDecider: 1,
      refusees: 0,
      creePar: expect.any(String),
    });
    expect(line(doc, 2)).toMatchObject({
      confiance: 'certaine',
      candidatureId: d.a!.id,
      montant: 25000,
      date: '2026-11-19',
      reference: 'MM-A',
      raison: `Numéro de dossier ${d.a!.numeroDossier}.`,
      decision: 'acceptee',
    });
    expect(line(doc, 3)).toMatchObject({
      confiance: 'douteuse',
      candidatureId: null,
      decision: 'a-decider',
      raison:
        'Téléphone +237 677 00 00 03 et montant égal au reste à payer (25\u00a0000\u00a0FCFA) : 2 dossiers possibles.',
    });
    expect(
      line(doc, 3)
        .choix.map((c) => c.candidatureId)
        .sort(),
    ).toEqual([d.b!.id, d.c!.id].sort());
    expect(line(doc, 4)).toMatchObject({
      confiance: 'introuvable',
      raison: 'Le téléphone 677000003 est connu, mais le montant diffère du reste à payer.',
    });
    expect(line(doc, 5)).toMatchObject({
      confiance: 'introuvable',
      raison:
        'Aucun dossier de la session ne porte le numéro REL27-999999. Aucun dossier de la session ne correspond au téléphone 690000000.',
    });
    expect(line(doc, 6)).toMatchObject({ confiance: 'certaine', candidatureId: d.dd!.id });
  });

  it('applies all or nothing: undecided or already recorded lines refuse the whole statement', async () => {
    const doc = await previewed(statement);
    const undecided = await apply(doc.id);
    expect([undecided.statusCode, undecided.json<{ message: string }>().message]).toEqual([
      400,
      'Ligne 3 : décidez d’abord de cette correspondance douteuse.',
    ]);
    const notOffered = await decide(doc.id, 3, d.a!.id);
    expect(notOffered.json<{ message: string }>().message).toBe(
      'Choisissez l’un des dossiers proposés pour cette ligne.',
    );
    const notDoubtful = await decide(doc.id, 2, d.b!.id);
    expect(notDoubtful.json<{ message: string }>().message).toBe(
      'La ligne 2 n’est pas une correspondance douteuse.',
    );
    answered(await decide(doc.id, 3, d.c!.id), 200, 'décision');
    // Meanwhile, the counter records a payment under line 6's reference.
    const e = await dossier('e');
    answered(
      await admin.inject({
        method: 'POST',
        url: `/api/candidatures/${e.id}/paiements`,
        headers: { 'if-match': `W/"${(e as unknown as { version: number }).version}"` },
        payload: { montant: 5000, date: '2026-11-20', reference: 'MM-D' },
      }),
      200,
      'paiement au guichet',
    );
    const refused = await apply(doc.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Ligne 6 : la référence MM-D est déjà enregistrée.',
      lignes: [{ ligne: 6, colonne: 'reference' }],
    });
    for (const key of ['a', 'c', 'dd']) expect((await dossier(key)).montantPaye).toBe(0);
    expect((await read(doc.id, await t.eventStore.headPosition())).statut).toBe('apercu');
  });

  it('applies the accepted lines as the dossiers’ payments, once; the same statement again is refused', async () => {
    const doc = await previewed(statement);
    expect(line(doc, 6).refus).toBe(
      'La référence MM-D est déjà enregistrée : ce paiement a déjà été appliqué.',
    );
    answered(await decide(doc.id, 3, d.b!.id), 200, 'décision');
    answered(await decide(doc.id, 6, null), 200, 'ligne refusée ignorée');
    const done = answered(await apply(doc.id), 200, 'application');
    const after = await read(doc.id, done.position);
    expect(after).toMatchObject({ statut: 'applique', paiements: 2, montantApplique: 50000 });
    const a = await dossier('a');
    expect(a).toMatchObject({ montantPaye: 25000, resteAPayer: 0 });
    expect(a.paiements).toEqual([
      expect.objectContaining({
        montant: 25000,
        reference: 'MM-A',
        canal: 'mobile-money',
        enregistrePar: expect.any(String),
      }),
    ]);
    expect((await dossier('b')).montantPaye).toBe(25000);
    expect((await dossier('c')).montantPaye).toBe(0);
    const twice = await apply(doc.id);
    expect([twice.statusCode, twice.json<{ message: string }>().message]).toEqual([
      409,
      'Ce relevé est déjà appliqué : importez-le de nouveau pour un nouvel aperçu.',
    ]);
    // Imported again: lines 2 and 3 were applied, refused; the doubtful line is no longer one
    // (dossier b owes nothing now, c still does).
    const again = await previewed(statement);
    expect(line(again, 2).refus).toBe(
      'La référence MM-A est déjà enregistrée : ce paiement a déjà été appliqué.',
    );
    expect(line(again, 3).refus).toBe(
      'La référence MM-B est déjà enregistrée : ce paiement a déjà été appliqué.',
    );
    answered(await decide(again.id, 3, d.c!.id), 200, 'décision');
    const refused = await apply(again.id);
    expect(refused.json<{ lignes: { ligne: number }[] }>().lignes.map((l) => l.ligne)).toEqual([
      2, 3, 6,
    ]);
    expect((await dossier('c')).montantPaye).toBe(0);
  });

  it('reads an XLSX statement as its CSV', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Relevé');
    sheet.addRow(['Date', 'Montant (FCFA)', 'Référence', 'N° dossier', 'Téléphone']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 21)), 25000, 'BQ-1', d.c!.numeroDossier, '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = answered(
      await upload(
        bytes,
        admin,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'virement',
      ),
      201,
      'xlsx',
    );
    const doc = await read(answer.id, answer.position);
    expect(line(doc, 2)).toMatchObject({
      confiance: 'certaine',
      candidatureId: d.c!.id,
      date: '2026-11-21',
    });
    expect(doc.canal).toBe('virement');
  });

  it('completes an application interrupted after some of its payments, recording none twice', async () => {
    const c = await dossier('c');
    const doc = await previewed(
      csv([
        `22/11/2026;10 000;CR-1;${c.numeroDossier};`,
        `22/11/2026;15 000;CR-2;${c.numeroDossier};`,
      ]),
    );
    // The first line recorded (its reference reserved, its payment on the dossier), then a crash.
    await candidatureCommands(t.eventStore, DEFAULT_TIME_ZONE, t.readStore).recordPayment(
      c.id,
      { montant: 10000, date: '2026-11-22', reference: 'CR-1' },
      (c as unknown as { version: number }).version,
      null,
      {
        commandId: `${doc.id}/ligne/2`,
        actor: { id: 'a', name: 'Agent' },
        now: new Date().toISOString(),
      },
    );
    answered(await apply(doc.id), 200, 'reprise');
    const after = await dossier('c');
    expect(after.montantPaye).toBe(25000);
    expect(after.paiements.map((p) => p.reference).sort()).toEqual(['CR-1', 'CR-2']);
  });

  it('keeps an enrôleur to its centre’s dossiers and statements; others may not import', async () => {
    const enroleur = await t.userWith(
      ['candidat.modifier'],
      'enroleur.releve@examens.cm',
      s.ids.depot,
    );
    const doc = await previewed(
      csv([
        `21/11/2026;25 000;EN-1;${d.dd!.numeroDossier};`,
        `21/11/2026;25 000;EN-2;${d.e!.numeroDossier};`,
      ]),
      enroleur,
    );
    expect(doc.centreDepotId).toBe(s.ids.depot);
    expect(line(doc, 2).confiance).toBe('introuvable');
    expect(line(doc, 3)).toMatchObject({ confiance: 'certaine', candidatureId: d.e!.id });
    const theirs = await previewed(statement);
    const foreign = await enroleur.inject({
      method: 'GET',
      url: `/api/releves-paiement/${theirs.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await apply(theirs.id, enroleur)).statusCode).toBe(404);
    const reader = await t.userWith(['candidat.lister-inscrits'], 'lecteur.releve@examens.cm');
    expect((await upload(statement, reader)).statusCode).toBe(403);
  });
});
