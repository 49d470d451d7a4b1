import type { Page } from 'playwright-core';
import { signaturePng } from '../../workers/src/testing/signaturePng';
import { api } from './harness';
import {
  advanceSession,
  createCentreDepot,
  createCentreExamen,
  createEpreuve,
  createSite,
  departementId,
  openSessionForRegistration,
  registerCandidates,
  type ExamSession,
} from './examSetup';

/**
 * What the admissions journeys start from, set up through the API by the signed-in administrator:
 * the session « CQP session de juin 2027 » at « Délibération » with its reference (arrêté
 * n° 0042/MINEFOP du 10/07/2027); the examen's épreuves THEO (coefficient 1) and PRAT (coefficient
 * 2), both out of 20; two centres de dépôt (Mfoundi, Wouri), one centre d'examen and its site;
 * the candidates below (ELEC-00001… in this order) marked; the jury « Jury de Yaoundé » (president
 * Ondoa Jean, member Ekani Berthe). `close`: its deliberation closed too; `typeTheoMarks`: THEO's
 * marks typed by the journey.
 *
 * Averages: Abena 14, Bilong 8 (ajourné), Chindji 16, Dika 11, Essomba 12.
 */
export const ADMISSION_CANDIDATES = [
  { nom: 'Abena', prenoms: 'Marie', sexe: 'F', theo: 14, prat: 14, depot: 'mfoundi' },
  { nom: 'Bilong', prenoms: 'Paul', sexe: 'M', theo: 8, prat: 8, depot: 'mfoundi' },
  { nom: 'Chindji', prenoms: 'Ange', sexe: 'F', theo: 16, prat: 16, depot: 'wouri' },
  { nom: 'Dika', prenoms: 'Luc', sexe: 'M', theo: 11, prat: 11, depot: 'wouri' },
  { nom: 'Essomba', prenoms: 'Rose', sexe: 'F', theo: 12, prat: 12, depot: 'mfoundi' },
] as const;

export interface AdmissionsSetup {
  readonly session: ExamSession;
  readonly sessionLibelle: string;
  readonly juryId: string;
  readonly candidatureIds: string[];
  readonly numeros: string[];
  readonly departements: { mfoundi: string; wouri: string };
}

export const SESSION_LIBELLE = 'CQP session de juin 2027';

export const setUpDeliberation = async (
  page: Page,
  {
    close = false,
    typeTheoMarks,
  }: {
    close?: boolean;
    /**
     * Types the THEO marks (ADMISSION_CANDIDATES' `theo`, by candidate number) while the marks
     * window is open, instead of the API writing them.
     */
    typeTheoMarks?: (numeros: readonly string[]) => Promise<void>;
  } = {},
): Promise<AdmissionsSetup> => {
  const session = await openSessionForRegistration(page, { libelle: SESSION_LIBELLE });
  const mfoundi = await departementId(page, 'Mfoundi');
  const wouri = await departementId(page, 'Wouri');
  const depots = {
    mfoundi: (await createCentreDepot(page, 'DEP-YDE', 'Centre de dépôt de Yaoundé', mfoundi)).id,
    wouri: (await createCentreDepot(page, 'DEP-DLA', 'Centre de dépôt de Douala', wouri)).id,
  };
  const centre = await createCentreExamen(page, 'CE-YDE', 'Centre d’examen de Yaoundé', mfoundi);
  const site = await createSite(page, {
    code: 'S-LEC',
    libelle: 'Lycée Leclerc',
    centreExamenId: centre.id,
    capacite: 50,
  });
  const theo = await createEpreuve(page, session.examenId, {
    code: 'THEO',
    libelle: 'Épreuve théorique',
    coefficient: 1,
    typeEpreuve: 'ecrite',
  });
  const prat = await createEpreuve(page, session.examenId, {
    code: 'PRAT',
    libelle: 'Épreuve pratique',
    coefficient: 2,
    typeEpreuve: 'pratique',
  });
  const answers = await registerCandidates(
    page,
    session,
    ADMISSION_CANDIDATES.map((c) => ({
      nom: c.nom,
      prenoms: c.prenoms,
      sexe: c.sexe,
      centreDepotId: depots[c.depot],
      siteId: site.id,
    })),
  );
  const candidatureIds = answers.map((a) => a.id);
  const numeros: string[] = [];
  for (const id of candidatureIds) {
    const response = await page.request.get(
      `${new URL(page.url()).origin}/api/candidatures/${id}`,
      {
        headers: { 'x-min-position': answers[answers.length - 1]!.position },
      },
    );
    numeros.push(((await response.json()) as { numeroCandidat: string }).numeroCandidat);
  }
  await advanceSession(page, session, 'inscriptions-closes', 'composition');
  const type = await api(page, '/api/types-jurys', { code: 'DELIB', libelle: 'Délibération' });
  const presidence = await api(page, '/api/fonctions-membres-jurys', {
    code: 'PRES',
    libelle: 'Président',
  });
  const examinateur = await api(page, '/api/fonctions-membres-jurys', {
    code: 'EXAM',
    libelle: 'Examinateur',
  });
  const president = await api(page, '/api/membres-jury', {
    nom: 'Ondoa',
    prenoms: 'Jean',
    fonctionId: presidence.id,
  });
  const membre = await api(page, '/api/membres-jury', {
    nom: 'Ekani',
    prenoms: 'Berthe',
    fonctionId: examinateur.id,
  });
  const jury = await api(page, '/api/jurys', {
    libelle: 'Jury de Yaoundé',
    typeId: type.id,
    sessionId: session.id,
    centreExamenIds: [centre.id],
    metierIds: Object.values(session.metiers),
    presidentId: president.id,
    membreIds: [membre.id],
  });
  await api(page, `/api/configurations-notes/${session.id}/importation/ouvrir`, {});
  if (typeTheoMarks) await typeTheoMarks(numeros);
  for (const [epreuve, key] of [
    ...(typeTheoMarks ? [] : [[theo.id, 'theo'] as const]),
    [prat.id, 'prat'] as const,
  ])
    await api(page, '/api/notes/saisies', {
      sessionId: session.id,
      epreuveId: epreuve,
      siteId: site.id,
      saisies: ADMISSION_CANDIDATES.map((c, i) => ({
        candidatureId: candidatureIds[i],
        note: c[key],
      })),
    });
  await api(page, `/api/configurations-notes/${session.id}/importation/fermer`, {});
  await advanceSession(page, session, 'deliberation');
  session.revision = (
    await api(
      page,
      `/api/sessions/${session.id}/reference`,
      { numeroArrete: '0042/MINEFOP', dateArrete: '2027-07-10' },
      session.revision,
    )
  ).revision;
  if (close) await api(page, `/api/deliberations/${jury.id}/cloture`, {});
  return {
    session,
    sessionLibelle: SESSION_LIBELLE,
    juryId: jury.id,
    candidatureIds,
    numeros,
    departements: { mfoundi, wouri },
  };
};

/**
 * « Paul Atangana, Directeur des examens et concours », who signs the attestations and diplomas,
 * with the image of his signature, as the signed-in administrator on `page`.
 */
export const addAttestationSignatory = async (page: Page): Promise<void> => {
  const { origin } = new URL(page.url());
  const { csrfToken } = (await (await page.request.get(`${origin}/api/auth/csrf`)).json()) as {
    csrfToken: string;
  };
  const image = await page.request.post(`${origin}/api/images`, {
    headers: { 'content-type': 'image/png', 'x-csrf-token': csrfToken },
    data: signaturePng(),
  });
  if (image.status() !== 201) throw new Error(`image : ${image.status()} ${await image.text()}`);
  await api(page, '/api/signataires', {
    code: 'DEC',
    libelle: 'Paul Atangana',
    titre: 'Directeur des examens et concours',
    signeAttestations: true,
    signeDiplomes: true,
    signature: ((await image.json()) as { fichier: string }).fichier,
  });
};
