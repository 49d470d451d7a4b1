import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { formatVerificationCode } from '../../domain/src/certificates/verificationCode';
import { addAttestationSignatory, SESSION_LIBELLE, setUpDeliberation } from './admissionsSetup';
import { DASHBOARD, useJourney } from './examSetup';
import { api, browserAvailable, shot } from './harness';

/**
 * The public area, as a visitor who is not signed in, on a session whose jury closed its
 * deliberation (admissionsSetup: Abena 14 admitted, Bilong 8 ajourné; born 10/01/1990 and
 * 11/02/1991): the home lists the services; the results stay hidden until the office publishes
 * them, then Abena reads « Admis » and her average, and a wrong date of birth gets the same answer
 * as a hidden result; an employer checks Abena's attestation by its QR address and by typing its
 * code; the staff's list of attestations shows those two checks.
 */
const run = browserAvailable() ? describe : describe.skip;

const PUBLIC_URL = 'https://examens.example.org';
const NOT_FOUND = /Aucun résultat publié ne correspond à ce numéro de candidat/;

run('Espace public : résultats, vérification des diplômes, accueil', () => {
  const journey = useJourney({ PUBLIC_URL });

  /** A PUT of the API as the signed-in `page` (the visibility is a PUT). */
  const put = async (page: Page, path: string, data: Record<string, unknown>) => {
    const { origin } = new URL(page.url());
    const { csrfToken } = (await (await page.request.get(`${origin}/api/auth/csrf`)).json()) as {
      csrfToken: string;
    };
    const response = await page.request.put(`${origin}${path}`, {
      data,
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(response.status()).toBe(200);
  };

  const lookUp = async (visitor: Page, numero: string, typedDate: string) => {
    await visitor.getByLabel('Numéro de candidat').fill(numero);
    await visitor.getByLabel('Date de naissance (JJ/MM/AAAA)').fill('');
    await visitor.getByLabel('Date de naissance (JJ/MM/AAAA)').pressSequentially(typedDate);
    await visitor.getByRole('button', { name: 'Afficher le résultat' }).click();
  };

  it('looks up a result, verifies an attestation, and shows the checks to the staff', async () => {
    const admin = await journey.signInAdministrator();
    const setup = await setUpDeliberation(admin, { close: true });
    const { origin } = new URL(admin.url());

    // Abena's attestation, so that she has a verification code.
    await addAttestationSignatory(admin);
    // The signatory's read model may lag a moment behind: asked again until it is there.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await api(admin, '/api/attestations/documents', {
          kind: 'attestations',
          sessionId: setup.session.id,
          candidatureIds: [setup.candidatureIds[0]],
        });
        break;
      } catch (error) {
        if (attempt > 50) throw error;
        await admin.waitForTimeout(100);
      }
    }
    let code = '';
    for (let i = 0; i < 200 && !code; i += 1) {
      const doc = (await (
        await admin.request.get(`${origin}/api/attestations/${setup.candidatureIds[0]}`)
      ).json()) as { code: string | null };
      code = doc.code ?? '';
      if (!code) await admin.waitForTimeout(100);
    }
    expect(code).toMatch(/^[0-9A-Z*~$=]{13}$/);

    // The visitor: the home and its services.
    const visitor = await journey.newPage();
    await visitor.goto(`${journey.url}/`);
    await visitor.getByRole('heading', { name: 'Inscriptions ouvertes' }).waitFor();
    await expect(
      visitor
        .getByRole('navigation', { name: 'Services en ligne' })
        .getByRole('link')
        .allInnerTexts(),
    ).resolves.toEqual([
      expect.stringContaining('Consulter un résultat'),
      expect.stringContaining('Vérifier un diplôme'),
      expect.stringContaining('Payer les frais d’examen'),
    ]);
    await shot(visitor, 'public-01-accueil');

    // Results hidden: the same answer as for a wrong entry.
    await visitor.getByRole('link', { name: /Consulter un résultat/ }).click();
    await visitor.waitForURL(/\/resultat-examen$/);
    // The example number is made as a real one: a published métier's code and 5 digits.
    const offer = (await (await visitor.request.get(`${journey.url}/api/public/offre`)).json()) as {
      filieres: { metiers: { code: string }[] }[];
    };
    const firstCode = offer.filieres.flatMap((f) => f.metiers)[0]!.code;
    expect(firstCode).toBeTruthy();
    await visitor.locator(`#numeroCandidat[placeholder="ex. ${firstCode}-00042"]`).waitFor();
    await lookUp(visitor, setup.numeros[0]!, '10011990');
    await visitor.getByRole('alert').filter({ hasText: NOT_FOUND }).waitFor();

    // The office publishes the results, with the averages.
    await put(admin, `/api/visibilites-resultats/${setup.session.id}`, {
      visible: true,
      moyenneVisible: true,
    });
    await visitor.getByRole('button', { name: 'Afficher le résultat' }).click();
    const card = visitor.getByRole('article', {
      name: `Résultat de la session ${SESSION_LIBELLE}`,
    });
    await card.waitFor();
    await expect(card.locator('.result-verdict').innerText()).resolves.toBe('Admis');
    await expect(card.innerText()).resolves.toContain('14,00 / 20');
    await expect(card.innerText()).resolves.toContain('Abena Marie');
    await shot(visitor, 'public-02-resultat-admis');

    await visitor.getByRole('button', { name: 'Consulter un autre résultat' }).click();
    await lookUp(visitor, setup.numeros[1]!, '11021991');
    await expect(visitor.getByRole('article').locator('.result-verdict').innerText()).resolves.toBe(
      'Ajourné',
    );
    await visitor.getByRole('button', { name: 'Consulter un autre résultat' }).click();
    await lookUp(visitor, setup.numeros[1]!, '01011990');
    await visitor.getByRole('alert').filter({ hasText: NOT_FOUND }).waitFor();
    await shot(visitor, 'public-03-resultat-introuvable');

    // An employer scans the QR code of Abena's attestation, then types the code.
    await visitor.goto(`${journey.url}/diplomes?code=${encodeURIComponent(code)}`);
    const status = visitor.getByRole('status').filter({ hasText: 'Document authentique' });
    await status.waitFor();
    await expect(status.innerText()).resolves.toContain('Abena Marie');
    // The deliberation's day is the day its jury closed it (today, on the office's clocks); the
    // arrêté is under its own name, with its number and date.
    const today = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Africa/Douala',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    const verified = await status.innerText();
    expect(verified).toMatch(
      new RegExp(`Date de la délibération\\s+${today.replaceAll('/', '\\/')}`),
    );
    expect(verified).toMatch(/Arrêté\s+n° \S+ du 10\/07\/2027/);
    await visitor.getByRole('heading', { name: 'Examens et métiers' }).waitFor();
    await shot(visitor, 'public-04-diplome-authentique');
    await visitor
      .getByLabel('Code de vérification')
      .fill(formatVerificationCode(code).toLowerCase());
    await visitor.getByRole('button', { name: 'Vérifier', exact: true }).click();
    await status.waitFor();
    await visitor.getByLabel('Code de vérification').fill('7K3M-9QX2-B4TZ-0');
    await visitor.getByRole('button', { name: 'Vérifier', exact: true }).click();
    await visitor.getByRole('alert').waitFor();
    await shot(visitor, 'public-05-code-invalide');
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );

    // The staff see that Abena's attestation was checked twice today.
    await admin.goto(
      `${journey.url}${DASHBOARD}/espace-examen/gestion-des-admissions/attestations/liste-des-candidats`,
    );
    const row = admin.getByRole('table', { name: 'Admis' }).getByRole('row', { name: /ABENA/ });
    await row.getByLabel(/^Vérifiée 2 fois, la dernière le \d{2}\/\d{2}\/\d{4}$/).waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );
    await shot(admin, 'public-06-attestations-verifications');
    expect(journey.pageErrors).toEqual([]);
  });
});
