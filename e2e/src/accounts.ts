import type { Page } from 'playwright-core';

/**
 * Sign-in steps the journeys share. A fresh product creates its first administrator from
 * ADMIN_LOGIN / ADMIN_PASSWORD with a temporary password, so every journey starts with a forced
 * password change.
 */
export const ADMIN = {
  login: 'admin@examens.local',
  temporaryPassword: 'Provisoire-2026',
  password: 'Examens-Definitif-2026',
  /** The name the dashboard greets: "Prénoms NOM" of the bootstrap administrator. */
  displayName: 'Premier ADMINISTRATEUR',
} as const;

/** The environment that makes the product create the administrator above on empty data. */
export const adminEnvironment = (): Record<string, string> => ({
  ADMIN_LOGIN: ADMIN.login,
  ADMIN_PASSWORD: ADMIN.temporaryPassword,
});

/**
 * Fills the sign-in form and submits it. Opens `/connexion` only when the page is not already
 * on it, so a redirect's `callbackUrl` is kept.
 */
export const signIn = async (
  page: Page,
  baseUrl: string,
  login: string,
  password: string,
): Promise<void> => {
  if (!new URL(page.url(), baseUrl).pathname.startsWith('/connexion'))
    await page.goto(`${baseUrl}/connexion`);
  await page.getByLabel('Identifiant').fill(login);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
};

/** Fills the password-change form and submits it (the caller checks the outcome). */
export const submitPasswordChange = async (
  page: Page,
  current: string,
  next: string,
  confirmation = next,
): Promise<void> => {
  await page.getByLabel('Mot de passe actuel').fill(current);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(next);
  await page.getByLabel('Confirmation du nouveau mot de passe').fill(confirmation);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
};

/**
 * First sign-in with a temporary password: the product confines the user to /change-password
 * until they choose one, then sends them to the dashboard.
 */
export const signInAndChangePassword = async (
  page: Page,
  baseUrl: string,
  login: string,
  temporaryPassword: string,
  password: string,
): Promise<void> => {
  await signIn(page, baseUrl, login, temporaryPassword);
  await page.waitForURL(`${baseUrl}/change-password`);
  await submitPasswordChange(page, temporaryPassword, password);
  await page.waitForURL((url) => url.href.startsWith(`${baseUrl}/tableau-de-bord`));
};

/** The fresh product's administrator, from the temporary password to a usable session. */
export const signInFirstAdministrator = (page: Page, baseUrl: string): Promise<void> =>
  signInAndChangePassword(page, baseUrl, ADMIN.login, ADMIN.temporaryPassword, ADMIN.password);
