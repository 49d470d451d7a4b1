import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import PDFDocument from 'pdfkit';
import { signaturePng } from '../../workers/src/testing/signatureImage';
import {
  createCentreDepot,
  createUserWithProfile,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  useJourney,
  type ExamSession,
  type StaffAccount,
} from './examSetup';
import { api, browserAvailable, shot, type CommandAnswer } from './harness';

/**
 * « File de vérification des pièces »: twenty submitted dossiers, each with an acte de naissance
 * (PDF) and a photo (PNG) deposited through the API; a supervisor checks them all by keyboard only
 * (A accepts, R then a number or ↑/↓ and Entrée rejects with a motif, J moves to the next pièce),
 * each dossier following the last at once; the first one is passed (→) and taken up again at the
 * end (« Reprendre les dossiers passés »). The journey counts the keys and clicks and the screen
 * time of each dossier (median under 10 s), then checks every pièce's state through the API.
 */
const run = browserAvailable() ? describe : describe.skip;

const QUEUE = `${DASHBOARD}/inscription/candidats/file-verification-pieces`;
const BILAN = `${DASHBOARD}/inscription/candidats/bilan-general-pieces`;
const PNG = signaturePng({ width: 60, height: 20 });
const COUNT = 20;
const PRENOMS = [
  'Aline',
  'Bruno',
  'Carine',
  'Denis',
  'Estelle',
  'Fabrice',
  'Gisèle',
  'Hervé',
  'Irène',
  'Jules',
  'Karine',
  'Léon',
  'Martine',
  'Noël',
  'Odile',
  'Pascal',
  'Rose',
  'Serge',
  'Thérèse',
  'Urbain',
];

const VERIFICATEUR: StaffAccount = {
  nom: 'Fotso',
  prenoms: 'Bernard',
  login: 'bernard.fotso@examens.local',
  telephone: '699000102',
  temporaryPassword: 'Temporaire-Fotso-1',
  password: 'Fotso-Personnel-2026',
};

/** What the supervisor types for each dossier, and what each pièce becomes (motif's code). */
interface Plan {
  readonly keys: readonly string[];
  readonly acte: string;
  readonly photo: string;
}
const planOf = (i: number): Plan => {
  if (i === 5) return { keys: ['j', 'Enter', 'a'], acte: 'validee', photo: 'validee' };
  if (i === 9) return { keys: ['r', 'Enter', 'a'], acte: 'ILLIS', photo: 'validee' };
  if (i === 13) return { keys: ['a', 'r', 'ArrowDown', 'Enter'], acte: 'validee', photo: 'FLOUE' };
  if (i % 4 === 3) return { keys: ['a', 'r', '2'], acte: 'validee', photo: 'FLOUE' };
  return { keys: ['a', 'a'], acte: 'validee', photo: 'validee' };
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A one-page PDF, as a scanned acte would be. */
const pdfOf = (text: string): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text('Acte de naissance').moveDown().fontSize(14).text(text);
    doc.end();
  });

/** A pièce's file sent as the enrôleur's screen sends it: raw bytes, its name, If-Match. */
const deposit = async (
  page: Page,
  dossierId: string,
  pieceId: string,
  file: { bytes: Buffer; type: string; name: string },
  revision: number,
): Promise<CommandAnswer> => {
  const { origin } = new URL(page.url());
  const { csrfToken } = (await (await page.request.get(`${origin}/api/auth/csrf`)).json()) as {
    csrfToken: string;
  };
  const response = await page.request.post(
    `${origin}/api/candidatures/${dossierId}/pieces/${pieceId}`,
    {
      data: file.bytes,
      headers: {
        'content-type': file.type,
        'x-csrf-token': csrfToken,
        'if-match': `W/"${revision}"`,
        'x-nom-fichier': encodeURIComponent(file.name),
      },
    },
  );
  if (response.status() >= 300)
    throw new Error(`dépôt : ${response.status()} ${await response.text()}`);
  return (await response.json()) as CommandAnswer;
};

run('Inscription : file de vérification des pièces au clavier', () => {
  const journey = useJourney();
  let admin: Page;
  let session: ExamSession;
  const ids: Record<string, string> = {};
  const dossiers: string[] = [];

  it('twenty submitted dossiers with their pièces deposited are prepared through the API', async () => {
    admin = await journey.signInAdministrator();
    session = await openSessionForRegistration(admin, { libelle: 'CQP session de juin 2027' });
    const centre = await createCentreDepot(
      admin,
      'DEP-BAF',
      'Centre de dépôt de Bafoussam',
      await departementId(admin, 'Mifi'),
    );
    for (const [code, libelle] of [
      ['FLOUE', 'Photo floue'],
      ['ILLIS', 'Document illisible'],
    ] as const)
      ids[code] = (await api(admin, '/api/motifs-rejet', { code, libelle })).id;
    for (const [code, libelle, examenIds] of [
      ['ACTE', 'Acte de naissance', []],
      ['PHOTO', 'Photo d’identité', [session.examenId]],
    ] as const)
      ids[code] = (
        await api(admin, '/api/pieces-justificatives', {
          code,
          libelle,
          obligatoire: true,
          examenIds,
        })
      ).id;
    await createUserWithProfile(
      admin,
      {
        libelle: 'Vérificateur',
        permissions: ['candidat.valider', 'candidat.bilan-pieces', 'candidat.lister-inscrits'],
      },
      VERIFICATEUR,
    );
    for (let i = 0; i < COUNT; i += 1) {
      const dossier = await api(admin, '/api/candidatures', {
        sessionId: session.id,
        metierId: session.metiers.ELEC,
        centreDepotId: centre.id,
        categorie: 'libre',
        nom: 'Ngono',
        prenoms: PRENOMS[i],
        sexe: i % 2 ? 'M' : 'F',
        dateNaissance: `19${80 + i}-0${1 + (i % 9)}-1${i % 10}`,
        lieuNaissance: 'Bafoussam',
        nationalite: 'Camerounaise',
        telephone: `699 11 22 ${10 + i}`,
        niveauId: session.niveauId,
      });
      let revision = dossier.revision;
      revision = (
        await deposit(
          admin,
          dossier.id,
          ids.ACTE!,
          {
            bytes: await pdfOf(`Ngono ${PRENOMS[i]}`),
            type: 'application/pdf',
            name: `acte-${i + 1}.pdf`,
          },
          revision,
        )
      ).revision;
      revision = (
        await deposit(
          admin,
          dossier.id,
          ids.PHOTO!,
          { bytes: PNG, type: 'image/png', name: `photo-${i + 1}.png` },
          revision,
        )
      ).revision;
      await api(admin, `/api/candidatures/${dossier.id}/soumettre`, {}, revision);
      dossiers.push(dossier.id);
    }
  });

  it('the supervisor goes through the twenty dossiers by keyboard, each under 10 s', async () => {
    const page = await journey.signInAs(VERIFICATEUR);
    let clicks = 0;
    let keys = 0;
    const press = async (key: string) => {
      keys += 1;
      await page.keyboard.press(key);
    };
    await page.exposeFunction('__countClick', () => {
      clicks += 1;
    });
    // A click of the mouse (Entrée on a button makes a click too, without a pointer).
    await page.addInitScript(() =>
      document.addEventListener('pointerdown', (e) => {
        if (e.isTrusted) void (window as unknown as { __countClick(): void }).__countClick();
      }),
    );
    // From the bilan, its link taken by keyboard.
    await page.goto(`${journey.url}${BILAN}`);
    // The screen's own link (the menu's group holding the bilan opens with the same name).
    const link = page
      .locator('#main-content')
      .getByRole('link', { name: 'File de vérification des pièces' });
    await link.focus();
    await press('Enter');
    await page.waitForURL(`**${QUEUE}`);
    const heading = page.getByTestId('queue-dossier');
    const status = page.getByTestId('queue-announce');
    const count = page.getByTestId('queue-count');
    const current = page.locator('[data-checklist] [aria-current="true"]');
    const times: number[] = [];
    const shownAs = async (i: number, counted: RegExp) => {
      const numero = `CQP27-${String(i + 1).padStart(6, '0')}`;
      await heading.getByText(`Dossier ${numero} — Ngono ${PRENOMS[i]}`).waitFor();
      await count.filter({ hasText: counted }).waitFor();
    };
    /** The dossier's keys, each awaited on the screen; its screen time kept. */
    const checkDossier = async (i: number) => {
      const shown = Date.now();
      for (const key of planOf(i).keys) {
        const before = (await status.textContent()) ?? '';
        const choosing = key === 'r';
        await press(key);
        if (choosing) {
          await page.getByRole('menuitem', { name: '1. Document illisible' }).waitFor();
          if (i === 3) await shot(page, 'pieces-queue-03-motifs');
        } else if (
          ['j', 'k', 'ArrowDown', 'ArrowUp'].includes(key) &&
          !(await page.getByRole('dialog').count())
        ) {
          await current.getByText('Photo d’identité').waitFor();
          if (i === 5) await shot(page, 'pieces-queue-02-image');
        } else if (key !== 'ArrowDown') {
          await page.waitForFunction(
            (said) =>
              document.querySelector('[data-testid="queue-announce"]')?.textContent !== said,
            before,
          );
        }
      }
      times.push(Date.now() - shown);
    };
    // The first dossier, its acte shown in the frame, is passed (→): it comes back at the end.
    await shownAs(0, new RegExp(`^${COUNT} dossiers restants$`));
    await page.locator('iframe[title^="Pièce « Acte de naissance »"]').waitFor();
    await shot(page, 'pieces-queue-01-pdf');
    await press('ArrowRight');
    for (let i = 1; i < COUNT; i += 1) {
      await shownAs(i, new RegExp(`^${COUNT - i} dossiers? restants?, 1 passé$`));
      await checkDossier(i);
    }
    await page
      .getByRole('alert')
      .filter({
        hasText:
          'Aucun autre dossier n’a de pièce à vérifier : 1 dossier passé pendant cette séance.',
      })
      .waitFor();
    await shot(page, 'pieces-queue-04-passe');
    // The button offered has the focus: Entrée takes the passed dossier up again.
    await page
      .getByRole('button', { name: 'Reprendre les dossiers passés' })
      .and(page.locator(':focus'))
      .waitFor();
    await press('Enter');
    await shownAs(0, /^1 dossier restant$/);
    await checkDossier(0);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Aucun dossier n’a de pièce à vérifier.' })
      .waitFor();
    await count.filter({ hasText: /^0 dossier restant$/ }).waitFor();
    await shot(page, 'pieces-queue-05-fin');
    const seconds = times.map((t) => t / 1000);
    const med = median(seconds);
    const secondsFr = (n: number) => n.toFixed(2).replace('.', ',');
    // The queue's keys (the Entrée that opened it from the bilan apart), a pass and a resume included.
    console.log(
      `${COUNT} dossiers, ${keys - 1} touches, ${clicks} clic, ` +
        `médiane ${secondsFr(med)} s, max ${secondsFr(Math.max(...seconds))} s par dossier`,
    );
    expect(clicks).toBe(0);
    // Entrée on the bilan's link, → on the first dossier, Entrée on « Reprendre… », then the plans.
    expect(keys).toBe(
      3 + Array.from({ length: COUNT }, (_, i) => planOf(i).keys.length).reduce((a, b) => a + b),
    );
    expect(med).toBeLessThan(10);
    expect(journey.pageErrors).toEqual([]);
  });

  it('every pièce stands as checked, the rejected ones with their motif', async () => {
    const states = [];
    for (const id of dossiers) {
      const doc = (await (
        await admin.request.get(`${journey.url}/api/candidatures/${id}`)
      ).json()) as {
        pieces: { pieceId: string; statut: string; motifId: string | null }[];
      };
      const stateOf = (pieceId: string) => {
        const piece = doc.pieces.find((p) => p.pieceId === pieceId)!;
        return piece.statut === 'rejetee'
          ? Object.keys(ids).find((code) => ids[code] === piece.motifId)
          : piece.statut;
      };
      states.push({ acte: stateOf(ids.ACTE!), photo: stateOf(ids.PHOTO!) });
    }
    expect(states).toEqual(
      Array.from({ length: COUNT }, (_, i) => ({ acte: planOf(i).acte, photo: planOf(i).photo })),
    );
  });
});
