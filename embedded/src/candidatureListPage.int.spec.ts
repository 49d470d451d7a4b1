import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CANDIDATURE_LIST_FIELDS,
  SYSTEM_ACTOR,
  type CandidatureEvent,
  type RequiredPiece,
} from '@examens-pro/domain';
import { toEnvelopes } from '@examens-pro/platform';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let position = '0';
const ids: string[] = [];

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const get = (url: string) =>
  admin.inject({ method: 'GET', url, headers: { 'x-min-position': position } });

const PAGE_BYTES = 20_000;

/**
 * A dossier as the office keeps them at the end of registration: its identity, two pièces
 * deposited and validated, one payment, submitted, validated and allocated to a site.
 */
const realisticDossier = (i: number): CandidatureEvent[] => {
  const candidatureId = randomUUID();
  ids.push(candidatureId);
  const pieces: RequiredPiece[] = [
    { id: randomUUID(), libelle: 'Acte de naissance', obligatoire: true },
    { id: randomUUID(), libelle: 'Photo d’identité', obligatoire: true },
  ];
  return [
    {
      type: 'CandidatureCreated',
      data: {
        candidatureId,
        numeroDossier: `CQP27-${String(i).padStart(6, '0')}`,
        sessionId: randomUUID(),
        metierId: randomUUID(),
        centreDepotId: randomUUID(),
        values: {
          categorie: 'libre',
          apprentiId: null,
          patronId: null,
          nom: 'Atangana',
          prenoms: `Marie Éloïse ${i}`,
          sexe: 'F',
          dateNaissance: '1998-04-12',
          lieuNaissance: 'Yaoundé',
          nationalite: 'Camerounaise',
          telephone: '677445566',
          matricule: '',
          datePremierePriseService: null,
          niveauId: randomUUID(),
          langueId: null,
          handicapId: null,
        },
        piecesDemandees: pieces,
        montantDu: 15000,
      },
    },
    ...pieces.map((piece): CandidatureEvent => ({
      type: 'PieceDeposited',
      data: {
        candidatureId,
        pieceId: piece.id,
        piecesDemandees: pieces,
        fichier: `${randomUUID()}.pdf`,
        nomFichier: `${piece.libelle} scanné.pdf`,
        type: 'application/pdf',
        taille: 182_734,
      },
    })),
    ...pieces.map((piece): CandidatureEvent => ({
      type: 'PieceValidated',
      data: { candidatureId, pieceId: piece.id, piecesDemandees: pieces },
    })),
    {
      type: 'PaymentRecorded',
      data: {
        candidatureId,
        paiementId: randomUUID(),
        montant: 15000,
        date: '2026-11-02',
        reference: `REC-2026-${String(i).padStart(5, '0')}`,
        montantDu: 15000,
      },
    },
    { type: 'CandidatureSubmitted', data: { candidatureId } },
    { type: 'CandidatureValidated', data: { candidatureId } },
    {
      type: 'CandidatureAllocated',
      data: {
        candidatureId,
        siteId: randomUUID(),
        numeroCandidat: `MEC-${String(i).padStart(5, '0')}`,
        numeroTable: i,
      },
    },
  ];
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  for (let i = 1; i <= 25; i += 1) {
    const appended = await t.eventStore.appendToStream(
      `candidatures-${randomUUID()}`,
      toEnvelopes(realisticDossier(i), {
        actor: SYSTEM_ACTOR,
        now: new Date().toISOString(),
        commandId: randomUUID(),
      }),
      { expectedRevision: 'no_stream' },
    );
    position = appended.position;
  }
});
afterAll(async () => t.close());

describe('a page of the dossiers’ list (issue #33)', () => {
  it('weighs at most 20 kB for 25 dossiers with their pièces and payment, each row its list fields', async () => {
    const response = await get(`/api/candidatures?range=${enc([0, 24])}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('candidatures 0-24/25');
    const rows = response.json<Record<string, unknown>[]>();
    expect(rows).toHaveLength(25);
    expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(PAGE_BYTES);
    for (const row of rows)
      expect(Object.keys(row).sort()).toEqual([...CANDIDATURE_LIST_FIELDS].sort());
    expect(rows[0]).toMatchObject({
      numeroDossier: 'CQP27-000025',
      libelle: 'Atangana Marie Éloïse 25',
      statut: 'affecte',
      etatPieces: 'complet',
      numeroCandidat: 'MEC-00025',
      numeroTable: 25,
    });
    // The same dossiers whole: what each row no longer carries (pièces, payments, identity).
    const whole = await get(`/api/candidatures?filter=${enc({ id: ids })}`);
    expect(whole.json<unknown[]>()).toHaveLength(25);
    expect(Buffer.byteLength(whole.body)).toBeGreaterThan(2.5 * Buffer.byteLength(response.body));
  });

  it('answers whole dossiers to a read by ids (react-admin’s getMany) and to a read of one', async () => {
    const [one, two] = ids;
    const many = (await get(`/api/candidatures?filter=${enc({ id: [one, two] })}`)).json<
      Record<string, unknown>[]
    >();
    expect(many.map((dossier) => dossier.id).sort()).toEqual([one, two].sort());
    for (const dossier of many) {
      expect(dossier).toMatchObject({ nom: 'Atangana', lieuNaissance: 'Yaoundé', resteAPayer: 0 });
      expect(dossier.pieces).toHaveLength(2);
      expect(dossier.paiements).toHaveLength(1);
    }
    const single = (await get(`/api/candidatures/${one}`)).json<Record<string, unknown>>();
    expect(single).toMatchObject({ id: one, nom: 'Atangana', prenoms: 'Marie Éloïse 1' });
    expect(single.pieces).toHaveLength(2);
  });

  it('trims the rows of « Liste d’examen » and of a filtered, searched and sorted page alike', async () => {
    const exam = await get(
      `/api/liste-examen?range=${enc([0, 9])}&sort=${enc(['numeroTable', 'ASC'])}`,
    );
    expect(exam.statusCode).toBe(200);
    const examRows = exam.json<Record<string, unknown>[]>();
    expect(examRows.map((row) => row.numeroTable)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const row of examRows) expect(row).not.toHaveProperty('pieces');
    const searched = await get(
      `/api/candidatures?filter=${enc({ q: 'Éloïse 12', statut: 'affecte' })}&range=${enc([0, 24])}&sort=${enc(['libelle', 'ASC'])}`,
    );
    const found = searched.json<Record<string, unknown>[]>();
    expect(found.map((row) => row.numeroDossier)).toEqual(['CQP27-000012']);
    expect(Object.keys(found[0]!).sort()).toEqual([...CANDIDATURE_LIST_FIELDS].sort());
  });
});
