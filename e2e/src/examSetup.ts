import { afterAll, beforeAll } from '@jest/globals';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { adminEnvironment, signInAndChangePassword, signInFirstAdministrator } from './accounts';
import {
  api,
  launchBrowser,
  startProduct,
  typeDate,
  type CommandAnswer,
  type Product,
} from './harness';

/**
 * What the exam journeys share: the product and its browser for one journey, the pages it opens,
 * and the set-up of an exam session through the API (examen, session open for registration, its
 * métiers, centres and sites, candidates validated and allocated, staff with a profile). Each
 * journey passes the names, codes and numbers its story reads; the rest takes the values below.
 */

/** The dashboard's root. */
export const DASHBOARD = '/tableau-de-bord';

/** A staff member created by the administrator, who chooses a password at first sign-in. */
export interface StaffAccount {
  readonly nom: string;
  readonly prenoms: string;
  readonly login: string;
  readonly telephone: string;
  /** The password the administrator gives at creation. */
  readonly temporaryPassword: string;
  /** The one the staff member chooses at first sign-in. */
  readonly password: string;
}

/** One journey's product (fresh data, its first administrator) and browser. */
export interface Journey {
  /** The product's address. */
  readonly url: string;
  /** The uncaught errors of every page the journey opened: its steps end on none. */
  readonly pageErrors: string[];
  /**
   * A page in a context of its own (its own session), 1280 × 900, its errors recorded; `options`
   * for more (`serviceWorkers: 'allow'`: the app's offline shell).
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A new page where the fresh product's administrator signs in, changing the temporary password. */
  signInAdministrator(): Promise<Page>;
  /** A new page where `account` signs in for the first time, then on the dashboard. */
  signInAs(account: StaffAccount, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * The journey of the `describe` it is called in: the built product started on fresh data and the
 * browser launched before its steps, both stopped after them. `env`: more of the product's
 * environment (PUBLIC_URL…).
 */
export const useJourney = (env: Record<string, string> = {}): Journey => {
  let product: Product | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    product = await startProduct({ ...adminEnvironment(), ...env });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  const started = () => {
    if (!product || !browser) throw new Error('Le parcours n’a pas démarré.');
    return { url: product.url, browser };
  };
  const pageErrors: string[] = [];
  const newPage = async (options: BrowserContextOptions = {}) => {
    const context = await started().browser.newContext({
      viewport: { width: 1280, height: 900 },
      ...options,
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  };
  return {
    get url() {
      return started().url;
    },
    pageErrors,
    newPage,
    signInAdministrator: async () => {
      const page = await newPage();
      const { url } = started();
      await page.goto(`${url}/connexion`);
      await signInFirstAdministrator(page, url);
      return page;
    },
    signInAs: async (account, options) => {
      const page = await newPage(options);
      const { url } = started();
      await page.goto(`${url}/connexion`);
      await signInAndChangePassword(
        page,
        url,
        account.login,
        account.temporaryPassword,
        account.password,
      );
      await page.goto(`${url}${DASHBOARD}`);
      return page;
    },
  };
};

/** The product's origin, from the page signed in on it. */
const origin = (page: Page): string => new URL(page.url()).origin;

/** The id of the first record of `resource` the search `q` finds (a reference list's item). */
export const firstId = async (page: Page, resource: string, q: string): Promise<string> => {
  const response = await page.request.get(
    `${origin(page)}/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
  );
  return ((await response.json()) as { id: string }[])[0]!.id;
};

/** A département of the reference data (Mfoundi, Wouri…), by name. */
export const departementId = (page: Page, name: string): Promise<string> =>
  firstId(page, 'departements', name);

/**
 * An autocomplete or a select of the screens (MUI): opened, typed into when `typed` is given (a
 * search on the server), then the option clicked (named exactly when a string). A list that closes
 * by itself before the click (its choices answering while it opens, on a loaded machine) is opened
 * again, as a person would: three times at most.
 */
export const choose = async (
  page: Page,
  label: RegExp,
  option: string | RegExp,
  typed?: string,
): Promise<void> => {
  const box = page.getByRole('combobox', { name: label });
  const wanted = page.getByRole('option', {
    name: option,
    ...(typeof option === 'string' ? { exact: true } : {}),
  });
  for (let attempt = 1; ; attempt += 1) {
    await box.click();
    if (typed) await box.fill(typed);
    try {
      await wanted.click({ timeout: attempt === 3 ? 30_000 : 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`choose : la liste « ${String(label)} » rouverte (${attempt})`);
      if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
    }
  }
};

/** Texts with their spaces (no-break, narrow, new lines) made plain. */
export const plain = (texts: string[]): string[] => texts.map((t) => t.replace(/\s+/g, ' ').trim());

/** A row's cells as written (a button's label as typed, not as its style capitalises it). */
export const cells = async (row: Locator): Promise<string[]> =>
  plain(await row.getByRole('cell').allTextContents());

/** A session set up by openSessionForRegistration. */
export interface ExamSession {
  readonly examenId: string;
  readonly id: string;
  /** Its revision, kept up to date by advanceSession. */
  revision: number;
  /** The métiers opened for it, their ids by code. */
  readonly metiers: Readonly<Record<string, string>>;
  /** The one level of schooling the candidates declare. */
  readonly niveauId: string;
}

export interface SessionPlan {
  /** The session's label, as the screens list it. */
  readonly libelle: string;
  /** The examen's label (its code is CQP). */
  readonly examen?: string;
  /** The métiers opened for the session, [code, label]: each opened as « MO-code », « label 2027 ». */
  readonly metiers?: readonly (readonly [code: string, libelle: string])[];
}

/**
 * The examen CQP and its 2027 session (registration from October to February, composition from
 * 14 to 18 June) taken to « inscriptions-ouvertes », with its paramètres d'édition (dossiers
 * numbered CQP27-000001…, modifiable until 2099), its métiers (Électricité unless told) each opened
 * for the session, and a level of schooling (CEP).
 */
export const openSessionForRegistration = async (
  page: Page,
  plan: SessionPlan,
): Promise<ExamSession> => {
  const examen = await api(page, '/api/examens', {
    code: 'CQP',
    libelle: plan.examen ?? 'Certificat de qualification professionnelle',
    noteDePassage: 10,
  });
  const session = await api(page, '/api/sessions', {
    examenId: examen.id,
    annee: 2027,
    libelle: plan.libelle,
    ouvertureInscriptions: '2026-10-01',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  const { revision } = await api(
    page,
    `/api/sessions/${session.id}/avancer`,
    { statut: 'inscriptions-ouvertes' },
    0,
  );
  await api(page, '/api/parametres-edition', {
    code: 'PE-CQP27',
    libelle: 'Paramètres CQP 2027',
    sessionId: session.id,
    dateLimiteModification: '2099-12-31',
    prefixeDossier: 'CQP27',
  });
  const metiers: Record<string, string> = {};
  for (const [code, libelle] of plan.metiers ?? [['ELEC', 'Électricité']]) {
    metiers[code] = (await api(page, '/api/metiers', { code, libelle })).id;
    await api(page, '/api/metiers-ouverts', {
      code: `MO-${code}`,
      libelle: `${libelle} 2027`,
      sessionId: session.id,
      metierId: metiers[code],
    });
  }
  const niveau = await api(page, '/api/niveaux-scolarisation', {
    code: 'CEP',
    libelle: 'CEP',
    rang: 1,
  });
  return { examenId: examen.id, id: session.id, revision, metiers, niveauId: niveau.id };
};

/** Takes the session through each status in turn (« inscriptions-closes », « composition »…). */
export const advanceSession = async (
  page: Page,
  session: ExamSession,
  ...statuts: string[]
): Promise<void> => {
  for (const statut of statuts)
    session.revision = (
      await api(page, `/api/sessions/${session.id}/avancer`, { statut }, session.revision)
    ).revision;
};

/** A centre of a département: its code, its label. */
const centre =
  (resource: string) =>
  (page: Page, code: string, libelle: string, departementId: string): Promise<CommandAnswer> =>
    api(page, `/api/${resource}`, { code, libelle, departementId });

/** A centre where candidates hand in their dossiers. */
export const createCentreDepot = centre('centres-depot');

/** A centre d'examen, holding composition sites. */
export const createCentreExamen = centre('centres-examen');

export interface SitePlan {
  readonly code: string;
  readonly libelle: string;
  readonly centreExamenId: string;
  readonly capacite: number;
  /** Sent only when given. */
  readonly accessible?: boolean;
}

/** A composition site of a centre d'examen, its seats for every session. */
export const createSite = (page: Page, site: SitePlan): Promise<CommandAnswer> =>
  api(page, '/api/sites-composition', { ...site });

export interface EpreuvePlan {
  readonly code: string;
  readonly libelle: string;
  readonly coefficient: number;
  readonly typeEpreuve: 'ecrite' | 'pratique';
}

/** An épreuve of the examen, marked out of 20. */
export const createEpreuve = (
  page: Page,
  examenId: string,
  epreuve: EpreuvePlan,
): Promise<CommandAnswer> =>
  api(page, '/api/epreuves', {
    code: epreuve.code,
    libelle: epreuve.libelle,
    examenId,
    coefficient: epreuve.coefficient,
    noteMax: 20,
    typeEpreuve: epreuve.typeEpreuve,
  });

/** A candidate registered by registerCandidates. */
export interface CandidatePlan {
  readonly nom: string;
  readonly prenoms: string;
  readonly sexe: 'F' | 'M';
  readonly centreDepotId: string;
  /** The code of one of the session's métiers; its first one if none. */
  readonly metier?: string;
  /** 199i-0(i+1)-1i for the i-th candidate (counted from 0) if none. */
  readonly dateNaissance?: string;
  /** 699 11 22 3i for the i-th candidate if none. */
  readonly telephone?: string;
  readonly handicapId?: string;
  /** The site the validated dossier is allocated to; left validated if none. */
  readonly siteId?: string;
}

/**
 * Registers the candidates one after the other, free candidates born at Bafoussam: each dossier
 * (numbered in this order, CQP27-000001…) created, submitted and validated, then allocated to its
 * site when it has one (candidate numbers in this order, ELEC-00001…). `common` holds what they
 * share. Answers each candidate's last command (its position tells when the lists have read it).
 */
export const registerCandidates = async <
  Common extends Partial<CandidatePlan> = Record<never, never>,
>(
  page: Page,
  session: ExamSession,
  candidates: readonly (Omit<CandidatePlan, keyof Common> & Partial<CandidatePlan>)[],
  common?: Common,
): Promise<CommandAnswer[]> => {
  const answers: CommandAnswer[] = [];
  for (const [i, own] of candidates.entries()) {
    const candidate = { ...common, ...own } as CandidatePlan;
    const dossier = await api(page, '/api/candidatures', {
      sessionId: session.id,
      metierId: session.metiers[candidate.metier ?? Object.keys(session.metiers)[0]!],
      centreDepotId: candidate.centreDepotId,
      categorie: 'libre',
      nom: candidate.nom,
      prenoms: candidate.prenoms,
      sexe: candidate.sexe,
      dateNaissance: candidate.dateNaissance ?? `199${i}-0${1 + i}-1${i}`,
      lieuNaissance: 'Bafoussam',
      nationalite: 'Camerounaise',
      telephone: candidate.telephone ?? `699 11 22 3${i}`,
      niveauId: session.niveauId,
      ...(candidate.handicapId ? { handicapId: candidate.handicapId } : {}),
    });
    const submitted = await api(
      page,
      `/api/candidatures/${dossier.id}/soumettre`,
      {},
      dossier.revision,
    );
    let last = await api(page, `/api/candidatures/${dossier.id}/valider`, {}, submitted.revision);
    if (candidate.siteId)
      last = await api(
        page,
        `/api/candidatures/${dossier.id}/affecter`,
        { siteId: candidate.siteId },
        last.revision,
      );
    answers.push(last);
  }
  return answers;
};

/** A profile: its label and the permissions it grants. */
export const createProfile = (
  page: Page,
  libelle: string,
  permissions: readonly string[],
): Promise<CommandAnswer> => api(page, '/api/profils', { libelle, permissions });

/** The account's fields as the API takes them, its temporary password included. */
const accountFields = (account: StaffAccount, profilId: string) => ({
  nom: account.nom,
  prenoms: account.prenoms,
  login: account.login,
  telephone: account.telephone,
  profilId,
  motDePasse: account.temporaryPassword,
});

/** A user of the office with the given profile. */
export const createUser = (
  page: Page,
  profilId: string,
  account: StaffAccount,
): Promise<CommandAnswer> => api(page, '/api/utilisateurs', accountFields(account, profilId));

/** An enrôleur of a centre de dépôt (who sees that centre's dossiers), with the given profile. */
export const createEnroleur = (
  page: Page,
  profilId: string,
  centreDepotId: string,
  account: StaffAccount,
): Promise<CommandAnswer> =>
  api(page, '/api/enroleurs', { ...accountFields(account, profilId), centreDepotId });

/** A profile, then a user who has it. */
export const createUserWithProfile = async (
  page: Page,
  profile: { readonly libelle: string; readonly permissions: readonly string[] },
  account: StaffAccount,
): Promise<CommandAnswer> =>
  createUser(page, (await createProfile(page, profile.libelle, profile.permissions)).id, account);

/** An option of an autocomplete: what is typed to find it, and its label. */
type Found = readonly [typed: string, option: string];

/** What « Inscrire un candidat » asks of a free candidate, as a person types it. */
export interface RegistrationForm {
  readonly session: Found;
  readonly metier: Found;
  readonly centreDepot: Found;
  readonly nom: string;
  readonly prenoms: string;
  readonly sexe: 'Masculin' | 'Féminin';
  /** DD/MM/YYYY. */
  readonly dateNaissance: string;
  readonly lieuNaissance: string;
  readonly telephone: string;
  readonly niveau: Found;
}

/**
 * Fills « Inscrire un candidat » (a free candidate, Camerounaise) on the page that shows it, without
 * saving: the form only (the page also offers the submission of a list of agents).
 */
export const fillRegistrationForm = async (page: Page, form: RegistrationForm): Promise<void> => {
  const main = page.locator('.RaCreate-main');
  const choose = async (label: RegExp, [typed, option]: Found) => {
    const input = main.getByRole('combobox', { name: label });
    await input.click();
    await input.fill(typed);
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const select = async (label: RegExp, option: string) => {
    await main.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose(/^Session/, form.session);
  await choose(/^Métier/, form.metier);
  await choose(/^Centre de dépôt/, form.centreDepot);
  await select(/^Catégorie/, 'Candidat libre');
  await main.getByLabel(/^Nom\s*\*?$/).fill(form.nom);
  await main.getByLabel(/^Prénoms\s*\*?$/).fill(form.prenoms);
  await select(/^Sexe/, form.sexe);
  await typeDate(page, /^Date de naissance/, form.dateNaissance);
  await main.getByLabel(/^Lieu de naissance/).fill(form.lieuNaissance);
  await main.getByLabel(/^Nationalité/).fill('Camerounaise');
  await main.getByLabel(/^Téléphone/).fill(form.telephone);
  await choose(/^Niveau de scolarisation/, form.niveau);
};
