import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import {
  checkPersonRows,
  LIST_MESSAGES,
  personReservation,
  SYSTEM_ACTOR,
  ValidationError,
} from '@examens-pro/domain';
import { decodeListText, reserveUniqueValue, XLSX_TYPE } from '@examens-pro/platform';
import { readPersonList } from '@examens-pro/application';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;

const HEADER =
  'nom;prenoms;sexe;nationalite;lieu_naissance;telephone;matricule;date_naissance;date_premiere_prise_service';
const row = (n: number, more: Partial<Record<string, string>> = {}) => {
  const values = {
    nom: 'Mbarga',
    prenoms: `Agent ${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(65 + (Math.floor(n / 676) % 26))}ix`,
    sexe: n % 2 ? 'M' : 'F',
    nationalite: 'Camerounaise',
    lieu_naissance: 'Yaoundé',
    telephone: '699112233',
    matricule: `MAT-${String(n).padStart(6, '0')}`,
    date_naissance: '05/03/1990',
    date_premiere_prise_service: '01/09/2015',
    ...more,
  };
  return HEADER.split(';')
    .map((column) => values[column as keyof typeof values])
    .join(';');
};
const csv = (rows: string[], bom = true) =>
  Buffer.from(`${bom ? '\uFEFF' : ''}${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');

const verify = (body: Buffer, type = 'text/csv', query = '', as?: Agent) =>
  (as ?? admin).inject({
    method: 'POST',
    url: `/api/listes-candidats/verifier${query}`,
    headers: { 'content-type': type },
    payload: body,
  });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
});
afterAll(async () => t.close());

describe('verifying a list of persons (seed §5)', () => {
  it('accepts a valid list: its rows counted, its SHA-256 as verification id, nothing written', async () => {
    const body = csv(Array.from({ length: 30 }, (_, i) => row(i)));
    const before = await t.eventStore.headPosition();
    const response = await verify(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      valide: true,
      lignes: 30,
      verificationId: createHash('sha256').update(body).digest('hex'),
      format: 'csv',
    });
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('refuses with the first offending row’s message, verbatim, and lists every offending row', async () => {
    const body = csv([
      row(1),
      row(2, { sexe: 'H' }),
      row(3),
      row(4, { lieu_naissance: '' }),
      row(5, { prenoms: 'J. Paul' }),
      row(6, { date_naissance: '31/02/1990' }),
      row(7, { telephone: '6991122' }),
    ]);
    const response = await verify(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Sexe au mauvais format: Verifiez votre liste\nLe sexe doit être M ou F',
      code: 'liste-invalide',
      lignes: [
        { ligne: 3, colonne: 'sexe', message: LIST_MESSAGES.sexe },
        { ligne: 5, colonne: 'lieu_naissance', message: 'Lieu de naissance manquant.' },
        { ligne: 6, colonne: 'prenoms', message: LIST_MESSAGES.abreviation },
        { ligne: 7, colonne: 'date_naissance', message: LIST_MESSAGES.dates },
        { ligne: 8, colonne: 'telephone', message: 'Téléphone : 8 caractères au minimum.' },
      ],
    });
    // Rule 5 keeps the seed's headline when it is the first.
    const place = await verify(csv([row(1, { lieu_naissance: ' ' })]));
    expect(place.json()).toMatchObject({ message: 'Nationalité obligatoire.' });
  });

  it('reads a Windows-1252 CSV with commas, as French Excel writes it, and names with accents', async () => {
    const text = [
      'Nom,Prénoms,Sexe,Nationalité,Lieu_naissance,Téléphone,Matricule,Date_naissance,Date_premiere_prise_service',
      'Noël,Cœur-d’Éloïse,F,Camerounaise,Ébolowa,699112233,MAT-000001,05/03/1990,01/09/2015',
    ].join('\r\n');
    const bytes = iconv.encode(text, 'win1252');
    expect(decodeListText(bytes)).toBe(text);
    const read = await readPersonList(bytes);
    expect(read.rows[0]!.values).toMatchObject({ nom: 'Noël', prenoms: 'Cœur-d’Éloïse' });
    const response = await verify(bytes);
    expect(response.json()).toMatchObject({ valide: true, lignes: 1 });
  });

  it('reads an XLSX: date cells and numeric phone cells accepted, rows numbered as the sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Liste');
    sheet.addRow(HEADER.split(';'));
    sheet.addRow([
      'Atangana',
      'Paul Éric',
      'M',
      'Camerounaise',
      'Douala',
      699112233,
      'MAT-000002',
      new Date(Date.UTC(1990, 2, 5)),
      new Date(Date.UTC(2015, 8, 1)),
    ]);
    sheet.addRow([
      'Atangana',
      'Marie',
      'X',
      'Camerounaise',
      'Douala',
      699112234,
      'MAT-000003',
      '05/03/1991',
      '01/09/2016',
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await verify(bytes, XLSX_TYPE);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ lignes: [{ ligne: 3, colonne: 'sexe' }] });
    const read = await readPersonList(bytes);
    expect(read.rows[0]).toEqual({
      ligne: 2,
      values: expect.objectContaining({ telephone: '699112233', date_naissance: '05/03/1990' }),
    });
  });

  it('says in French what keeps a file from being a list', async () => {
    const cases: [Buffer, number, string | RegExp][] = [
      [
        Buffer.from('nom;prenoms;sexe\nA;B;M\n'),
        400,
        /^Colonnes manquantes : nationalite, lieu_naissance/,
      ],
      [Buffer.from(`${HEADER};age\n${row(1)};30\n`), 400, /^Colonne inconnue : age\./],
      [Buffer.from(''), 400, /vide|Envoyez/],
      [Buffer.from(`${HEADER}\n`), 400, 'La liste ne compte aucune personne.'],
      [
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
        400,
        'Le fichier n’est pas un classeur XLSX lisible.',
      ],
      [Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 413, 'Le contenu envoyé est trop volumineux.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await verify(body);
      expect(response.statusCode).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const many = csv(
      Array.from({ length: 50_001 }, (_, i) => row(i)),
      false,
    );
    const tooMany = await verify(many);
    expect(tooMany.statusCode).toBe(400);
    // (Intl writes 50 000 with a narrow no-break space.)
    expect(tooMany.json<{ message: string }>().message).toMatch(
      /^La liste compte plus de 50\s000 lignes : découpez-la en plusieurs fichiers\.$/,
    );
  });

  it('refuses a person listed twice', async () => {
    const twice = await verify(
      csv([row(1), row(2), row(1, { prenoms: row(1).split(';')[1]!.toUpperCase() })]),
    );
    expect(twice.json()).toMatchObject({
      message: 'Cette personne figure deux fois dans la liste (lignes 2 et 4).',
      lignes: [{ ligne: 4, colonne: 'nom' }],
    });
  });

  it('refuses a person the session already holds (its reservation), without naming the dossier', async () => {
    const first = row(11).split(';');
    await reserveUniqueValue(
      t.eventStore,
      personReservation('session-1', {
        nom: first[0],
        prenoms: first[1],
        dateNaissance: '1990-03-05',
      }),
      'candidatures-deja-inscrit',
      { commandId: 'test-reservation', actor: SYSTEM_ACTOR, now: new Date().toISOString() },
    );
    const body = csv([row(10), row(11)]);
    expect((await verify(body)).statusCode).toBe(200);
    const response = await verify(body, 'text/csv', '?sessionId=session-1');
    expect(response.json()).toEqual({
      message: 'Cette personne est déjà inscrite à cette session.',
      code: 'liste-invalide',
      lignes: [
        { ligne: 3, colonne: 'nom', message: 'Cette personne est déjà inscrite à cette session.' },
      ],
    });
  });

  it('is for who registers candidates', async () => {
    const agent = await t.userWith(['candidat.lister-inscrits'], 'lecteur-listes@test.local');
    expect((await verify(csv([row(1)]), 'text/csv', '', agent)).statusCode).toBe(403);
  });

  it('never crashes on 10,000 random inputs, and writes nothing', async () => {
    let seed = 12345;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x1_0000_0000;
    };
    const alphabet = [
      'M',
      'F',
      ';',
      ',',
      '"',
      '\n',
      '\r\n',
      '.',
      ' ',
      'é',
      '/',
      '0',
      '1',
      '9',
      'a',
      'Z',
      '\uFEFF',
      '’',
      '\t',
      '-',
    ];
    const columns = HEADER.split(';');
    let refused = 0;
    for (let k = 0; k < 10_000; k += 1) {
      // Half of them keep the header (the rules are reached), half are noise.
      const lines = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
        Array.from(
          { length: Math.floor(random() * 40) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      );
      const text = (k % 2 === 0 ? [columns.join(k % 4 === 0 ? ';' : ','), ...lines] : lines).join(
        '\n',
      );
      const bytes =
        k % 7 === 0
          ? Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256)))
          : Buffer.from(text);
      try {
        const { rows } = await readPersonList(bytes);
        checkPersonRows(rows);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(0);
    // Through HTTP too (a sample): only French answers, nothing stored in the log.
    const before = await t.eventStore.headPosition();
    for (let k = 0; k < 300; k += 1) {
      const bytes = Buffer.from(
        Array.from(
          { length: 1 + Math.floor(random() * 200) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      );
      const response = await verify(Buffer.concat([Buffer.from(`${HEADER}\n`), bytes]));
      expect([200, 400]).toContain(response.statusCode);
      expect(
        typeof response.json<{ message?: string }>().message === 'string' ||
          response.statusCode === 200,
      ).toBe(true);
    }
    expect(await t.eventStore.headPosition()).toBe(before);
  });
});
