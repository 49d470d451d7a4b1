import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { signIn, signInAndChangePassword } from './accounts';
import {
  advanceSession,
  choose,
  createCentreDepot,
  createCentreExamen,
  createEpreuve,
  createSite,
  createUserWithProfile,
  DASHBOARD,
  departementId,
  openSessionForRegistration,
  registerCandidates,
  useJourney,
  type ExamSession,
  type StaffAccount,
} from './examSetup';
import { api, browserAvailable, openFromMenu, shot } from './harness';

/**
 * Exam sites without a steady network (#35). An agent opens « Éditer les présences », « Liste
 * des notes » and « Enregistrer un incident d’examen » once online (the app shell installs itself),
 * then loses the network: records 5 absences, an incident with its PDF (the form reopened offline,
 * its lists answered from the day's copy, a candidate found by number), types 30 marks on two
 * épreuves, reloads the page offline (everything still there), and the network returns: the 32
 * entries (one of presences, the incident, 30 marks) are recorded exactly once, as the agent, the
 * history saying when each mark was typed. One mark typed offline is refused on
 * return (the window closed meanwhile), listed with the server's message, sent again once the
 * window reopens. Another one waits through an expired session and a colleague's sign-in on the
 * same browser (never sent as them), and goes when its author signs in again.
 */
const run = browserAvailable() ? describe : describe.skip;

const PRESENCES = `${DASHBOARD}/espace-examen/presences-des-candidats/editer-les-presences`;
const GRID = `${DASHBOARD}/espace-examen/notes/liste-des-notes`;
const HISTORY = `${DASHBOARD}/espace-examen/notes/historiques-des-modifications-des-notes`;
const IMPORT = `${DASHBOARD}/espace-examen/notes/importation-des-notes`;
const INCIDENT = `${DASHBOARD}/espace-examen/gestion-des-incidents/edition-des-incidents/create`;
const SESSION = 'CQP session de juin 2027';
const DESCRIPTION = 'Coupure de courant en salle 2 de 10 h 05 à 10 h 20 ; composition prolongée.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const WINDOW_CLOSED =
  'La fenêtre d’importation et de saisie des notes est fermée pour cette session : demandez son ouverture à qui en a la permission.';

const account = (nom: string, prenoms: string, n: number): StaffAccount => ({
  nom,
  prenoms,
  login: `${prenoms.toLowerCase()}.${nom.toLowerCase()}@examens.local`,
  telephone: `69900040${n}`,
  temporaryPassword: `Temporaire-${nom}-1`,
  password: `${nom}-Definitif-2026`,
});
/** Types presences and marks on the Lycée Leclerc site. */
const NKOLO = account('Nkolo', 'Nadia', 1);
/** A colleague who signs in on the same browser. */
const MBARGA = account('Mbarga', 'Marc', 2);

const numero = (i: number) => `ELEC-${String(i).padStart(5, '0')}`;
const ABSENTS = [16, 17, 18, 19, 20].map(numero);
/** Marks typed offline: candidates 1 to 15 at each épreuve. */
const mark = (i: number, epreuve: 'THEO' | 'PRAT') =>
  `${(epreuve === 'THEO' ? 5 + i * 0.5 : 20 - i).toString().replace('.', ',')}`;

interface SheetRow {
  numeroCandidat: string;
  presence: string | null;
  note: number | null;
  statut: string;
  saisies: { par: string }[];
}
interface HistoryLine {
  numeroCandidat: string;
  epreuveId: string;
  action: string;
  par: string;
  le: string;
  tapeeLe?: string;
}

/** Polls `read` until `done` holds (the agent's browser sends on its own time). */
const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => {
  const deadline = Date.now() + 30_000;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`${what} : ${JSON.stringify(last).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 500));
    last = await read();
  }
  return last;
};

run('Sites d’examen hors ligne : présences et notes gardées, envoyées au retour du réseau', () => {
  const journey = useJourney();
  let admin: Page;
  let agent: Page;
  let session: ExamSession;
  let siteId = '';
  const epreuves: Record<'THEO' | 'PRAT', string> = { THEO: '', PRAT: '' };

  const sheet = async (epreuve: 'THEO' | 'PRAT') => {
    const response = await admin.request.get(
      `${journey.url}/api/notes/feuille?${new URLSearchParams({ sessionId: session.id, epreuveId: epreuves[epreuve], siteId })}`,
    );
    expect(response.status()).toBe(200);
    return ((await response.json()) as { candidats: SheetRow[] }).candidats;
  };
  const history = async () => {
    const response = await admin.request.get(
      `${journey.url}/api/historique-notes?filter=${encodeURIComponent(JSON.stringify({ sessionId: session.id }))}&range=[0,199]`,
    );
    return (await response.json()) as HistoryLine[];
  };
  const row = (rows: SheetRow[], n: string) => rows.find((r) => r.numeroCandidat === n)!;
  const window = (verb: 'ouvrir' | 'fermer') =>
    api(admin, `/api/configurations-notes/${session.id}/importation/${verb}`, {});
  const bar = () => agent.locator('.offline-status');
  /** The copies of the day's reads this browser keeps (IndexedDB `examens-pro-lectures`). */
  const keptReads = () =>
    agent.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const opened = indexedDB.open('examens-pro-lectures');
          opened.onerror = () => reject(opened.error);
          opened.onsuccess = () => {
            const keys = opened.result.transaction('lectures').objectStore('lectures').getAllKeys();
            keys.onerror = () => reject(keys.error);
            keys.onsuccess = () => resolve(keys.result.map(String));
          };
        }),
    );
  const chooseEpreuve = async (code: 'THEO' | 'PRAT') => {
    await agent.getByRole('combobox', { name: /^Épreuve/ }).click();
    await agent.getByRole('option', { name: new RegExp(`^${code} — `) }).click();
  };
  const gridRow = (n: string) =>
    agent.getByRole('table', { name: 'Grille des notes' }).getByRole('row').filter({ hasText: n });
  const typeMark = async (n: string, value: string) => {
    await agent.getByLabel(`Note de ${n}`).fill(value);
    await agent.getByLabel(`Note de ${n}`).press('Enter');
    await gridRow(n).getByText('En attente d’envoi').waitFor();
  };

  it('sets up a session at « Composition »: 20 candidates on one site, two épreuves, the window open', async () => {
    admin = await journey.signInAdministrator();
    session = await openSessionForRegistration(admin, { libelle: SESSION });
    const mfoundi = await departementId(admin, 'Mfoundi');
    const depot = await createCentreDepot(admin, 'DEP-YDE', 'Centre de dépôt de Yaoundé', mfoundi);
    const centre = await createCentreExamen(admin, 'CE-YDE', 'Centre d’examen de Yaoundé', mfoundi);
    siteId = (
      await createSite(admin, {
        code: 'S-LEC',
        libelle: 'Lycée Leclerc',
        centreExamenId: centre.id,
        capacite: 50,
      })
    ).id;
    epreuves.THEO = (
      await createEpreuve(admin, session.examenId, {
        code: 'THEO',
        libelle: 'Épreuve théorique',
        coefficient: 1,
        typeEpreuve: 'ecrite',
      })
    ).id;
    epreuves.PRAT = (
      await createEpreuve(admin, session.examenId, {
        code: 'PRAT',
        libelle: 'Épreuve pratique',
        coefficient: 2,
        typeEpreuve: 'pratique',
      })
    ).id;
    await registerCandidates(
      admin,
      session,
      Array.from({ length: 20 }, (_, i) => ({
        nom: `CANDIDAT${String.fromCharCode(65 + i)}`,
        prenoms: 'Jean',
        sexe: i % 2 === 0 ? ('F' as const) : ('M' as const),
        dateNaissance: `1995-03-${String(i + 1).padStart(2, '0')}`,
        telephone: `6991122${String(i + 10)}`,
      })),
      { centreDepotId: depot.id, siteId },
    );
    await advanceSession(admin, session, 'inscriptions-closes', 'composition');
    await api(admin, '/api/types-incidents-examen', { code: 'PANNE', libelle: 'Panne de courant' });
    await window('ouvrir');
    for (const [i, who] of [NKOLO, MBARGA].entries())
      await createUserWithProfile(
        admin,
        {
          libelle: `Agent de site ${i + 1}`,
          permissions: [
            'note.importer',
            'note.lister',
            'presence.enregistrer',
            'incident-examen.enregistrer',
          ],
        },
        who,
      );
    expect((await sheet('THEO')).map((r) => r.numeroCandidat)).toEqual(
      Array.from({ length: 20 }, (_, i) => numero(i + 1)),
    );
  });

  /** The incident form's session, site and a candidate found by number among the site's. */
  const chooseWhereAndWho = async () => {
    await choose(agent, /^Session/, SESSION, 'juin');
    await choose(agent, /^Site de composition/, 'Lycée Leclerc', 'Leclerc');
    await choose(agent, /^Candidats concernés/, new RegExp(`^${numero(3)} — `), '00003');
  };

  it('opens the three screens online: the app shell installs itself (service worker, manifest)', async () => {
    agent = await journey.signInAs(NKOLO, { serviceWorkers: 'allow' });
    // Installed from the dashboard (not the public pages): ready once the shell is precached.
    await agent.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const manifest = await agent.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link
        ? ((await (await fetch(link.href)).json()) as { name: string; lang: string })
        : null;
    });
    expect(manifest).toMatchObject({ name: 'Examens Pro', lang: 'fr' });
    await openFromMenu(agent, PRESENCES);
    await chooseEpreuve('THEO');
    await agent
      .getByRole('table', { name: 'Présences' })
      .getByRole('row')
      .filter({ hasText: numero(20) })
      .waitFor();
    await openFromMenu(agent, GRID);
    await chooseEpreuve('PRAT');
    await gridRow(numero(20)).waitFor();
    await chooseEpreuve('THEO');
    await gridRow(numero(20)).waitFor();
    // The incident form's lists needing no choice were kept when the dashboard opened (sessions,
    // sites, types, the épreuves of the sessions' examens); the site's candidates are kept once
    // the form is used online with its session and site (nothing recorded).
    const kept = await until(
      keptReads,
      (keys) =>
        ['sessions', 'sites-composition', 'epreuves', 'types-incidents-examen'].every((list) =>
          keys.some((key) => key.includes(`|liste|${list}|`)),
        ),
      'listes du jour',
    );
    expect(kept.some((key) => key.includes('|liste|incidents-examen/candidats|'))).toBe(false);
    await agent.goto(`${journey.url}${INCIDENT}`);
    await chooseWhereAndWho();
    await openFromMenu(agent, GRID);
  });

  it('offline: 5 absences and 30 marks are kept on the device, each line marked as waiting', async () => {
    await agent.context().setOffline(true);
    await bar()
      .getByText(/^Hors ligne — 0 saisie en attente d’envoi/)
      .waitFor();
    await openFromMenu(agent, PRESENCES);
    await chooseEpreuve('THEO');
    const presences = agent.getByRole('table', { name: 'Présences' });
    await presences
      .getByRole('row')
      .filter({ hasText: numero(20) })
      .waitFor();
    await agent.getByRole('button', { name: 'Tous présents' }).click();
    for (const absent of ABSENTS) {
      await agent.getByLabel('N° candidat absent').fill(absent);
      await agent.getByLabel('N° candidat absent').press('Enter');
    }
    await agent.getByText('15 présents, 5 absents, 0 non renseigné').waitFor();
    await agent.getByRole('button', { name: 'Enregistrer les présences' }).click();
    await agent
      .getByText('Présences gardées sur cet appareil : elles partiront au retour du réseau.')
      .waitFor();
    await expect(presences.getByText('En attente d’envoi').count()).resolves.toBe(20);
    await bar()
      .getByText(/^Hors ligne — 1 saisie en attente d’envoi/)
      .waitFor();

    // The incident form opened without network (a page load served by the app shell).
    await agent.goto(`${journey.url}${INCIDENT}`);
    await chooseWhereAndWho();
    // The épreuve and the type come from the lists kept when the dashboard opened.
    await choose(agent, /^Épreuve/, 'Épreuve théorique', 'théorique');
    await choose(agent, /^Type d’incident/, 'Panne de courant');
    await agent.getByLabel(/^Description/).fill(DESCRIPTION);
    await agent
      .getByLabel('Pièce jointe (facultative)')
      .setInputFiles({ name: 'constat-salle-2.pdf', mimeType: 'application/pdf', buffer: PDF });
    await agent.getByText(/^constat-salle-2\.pdf \(/).waitFor();
    await agent.getByRole('button', { name: 'Enregistrer l’incident' }).click();
    await agent
      .getByText(
        'Incident gardé sur cet appareil : il partira au retour du réseau. Vous pouvez en saisir un autre.',
      )
      .waitFor();
    await bar()
      .getByText(/^Hors ligne — 2 saisies en attente d’envoi/)
      .waitFor();
    // The form starts again empty, for the next one.
    await expect(agent.getByLabel(/^Description/).inputValue()).resolves.toBe('');
    await agent
      .getByRole('list', { name: 'Incidents en attente d’envoi' })
      .getByText(/^Incident d’examen — « Coupure de courant en salle 2/)
      .waitFor();
    await shot(agent, 'hors-ligne-06-incident');

    await openFromMenu(agent, GRID);
    await chooseEpreuve('THEO');
    // The absences recorded offline count here already: those rows take no mark.
    await gridRow(numero(20)).getByText('Absent').first().waitFor();
    await expect(agent.getByLabel(`Note de ${numero(16)}`).count()).resolves.toBe(0);
    for (let i = 1; i <= 15; i += 1) await typeMark(numero(i), mark(i, 'THEO'));
    await chooseEpreuve('PRAT');
    await gridRow(numero(20)).waitFor();
    for (let i = 1; i <= 15; i += 1) await typeMark(numero(i), mark(i, 'PRAT'));
    await bar()
      .getByText(/^Hors ligne — 32 saisies en attente d’envoi/)
      .waitFor();
    await shot(agent, 'hors-ligne-01-grille');
  });

  it('reloaded offline, the screen and its waiting entries are all there', async () => {
    await agent.reload();
    await bar()
      .getByText(/^Hors ligne — 32 saisies en attente d’envoi/)
      .waitFor();
    for (const [epreuve, last] of [
      ['PRAT', 15],
      ['THEO', 1],
    ] as const) {
      await chooseEpreuve(epreuve);
      await gridRow(numero(last)).getByText('En attente d’envoi').waitFor();
      await expect(
        agent
          .getByRole('table', { name: 'Grille des notes' })
          .getByText('En attente d’envoi')
          .count(),
      ).resolves.toBe(15);
    }
    // Another screen says it needs the network.
    await openFromMenu(agent, IMPORT);
    await bar()
      .getByText(/^Hors ligne — cet écran a besoin du réseau/)
      .waitFor();
    await shot(agent, 'hors-ligne-02-recharge');
    // Nothing reached the server.
    expect((await sheet('PRAT')).filter((r) => r.note !== null)).toEqual([]);
  });

  it('back online: all 35 and the incident recorded exactly once, as the agent, with when each mark was typed', async () => {
    await openFromMenu(agent, GRID);
    await agent.context().setOffline(false);
    await bar().getByText('Envoyé — 32 saisies enregistrées.').waitFor({ timeout: 60_000 });
    // The grid reads its sheet again: the marks are retained, no field is offered for them.
    await gridRow(numero(1)).getByText('Retenue').waitFor();
    await gridRow(numero(15)).getByText('Retenue').waitFor();
    const theo = await until(
      () => sheet('THEO'),
      (rows) => rows.filter((r) => r.note !== null).length === 15,
      'THEO',
    );
    expect(ABSENTS.map((n) => row(theo, n).presence)).toEqual(Array(5).fill('absent'));
    const prat = await until(
      () => sheet('PRAT'),
      (rows) => rows.filter((r) => r.note !== null).length === 15,
      'PRAT',
    );
    for (let i = 1; i <= 15; i += 1) {
      for (const [rows, epreuve] of [
        [theo, 'THEO'],
        [prat, 'PRAT'],
      ] as const) {
        const line = row(rows, numero(i));
        expect([line.note, line.statut, line.saisies.map((s) => s.par)]).toEqual([
          Number(mark(i, epreuve).replace(',', '.')),
          'retenue',
          ['Nadia Nkolo'],
        ]);
      }
    }
    const lines = await until(history, (all) => all.length >= 30, 'historique');
    expect(lines).toHaveLength(30);
    expect(lines.every((l) => l.action === 'saisie' && l.par === 'Nadia Nkolo')).toBe(true);
    // Typed offline, recorded on return: the history says both.
    expect(lines.every((l) => l.tapeeLe !== undefined && l.tapeeLe < l.le)).toBe(true);
    await expect(agent.locator('.offline-status').count()).resolves.toBe(1);

    // The incident, once, as the agent, naming the candidate chosen offline, with its PDF.
    const incidents = await until(
      async () =>
        (await (await admin.request.get(`${journey.url}/api/incidents-examen`)).json()) as {
          id: string;
          description: string;
          creePar: string;
          candidats: { numeroCandidat: string }[];
          pieceJointe: { nomFichier: string } | null;
        }[],
      (all) => all.length > 0 && all[0]!.pieceJointe !== null,
      'incident',
    );
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({
      description: DESCRIPTION,
      creePar: 'Nadia Nkolo',
      candidats: [{ numeroCandidat: numero(3) }],
      pieceJointe: { nomFichier: 'constat-salle-2.pdf' },
    });
    const file = await admin.request.get(
      `${journey.url}/api/incidents-examen/${incidents[0]!.id}/piece-jointe`,
    );
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  });

  it('the grade history shows when each entry was typed', async () => {
    await admin.goto(`${journey.url}${HISTORY}`);
    await admin.getByRole('columnheader', { name: 'Tapée le' }).waitFor();
    await admin
      .getByRole('row')
      .filter({ hasText: numero(15) })
      .first()
      .waitFor();
    await shot(admin, 'hors-ligne-03-historique');
  });

  it('an entry refused on return (its window closed meanwhile) is listed with its message, then sent again', async () => {
    await agent.context().setOffline(true);
    await chooseEpreuve('PRAT');
    await typeMark(numero(16), '11');
    await window('fermer');
    await agent.context().setOffline(false);
    const refused = agent.getByRole('table', { name: 'Saisies refusées au retour du réseau' });
    const line = refused
      .getByRole('row')
      .filter({ hasText: `Note 11 — ${numero(16)} (PRAT, Lycée Leclerc)` });
    await line.getByText(WINDOW_CLOSED).waitFor({ timeout: 60_000 });
    await agent.getByText(/^1 saisie refusée au retour du réseau/).waitFor();
    await shot(agent, 'hors-ligne-04-refusee');
    expect(row(await sheet('PRAT'), numero(16)).note).toBeNull();
    await window('ouvrir');
    await line.getByRole('button', { name: 'Renvoyer' }).click();
    await bar().getByText('Envoyé — 1 saisie enregistrée.').waitFor();
    await expect(refused.count()).resolves.toBe(0);
    await until(
      () => sheet('PRAT'),
      (rows) => row(rows, numero(16)).note === 11,
      'ELEC-00016',
    );
  });

  it('the queue belongs to its author: kept through an expired session, never sent by a colleague', async () => {
    await agent.context().setOffline(true);
    await typeMark(numero(17), '8');
    // The session ends while offline (its cookie gone, as when it expires).
    await agent.context().clearCookies();
    await agent.context().setOffline(false);
    await agent.waitForURL(/\/connexion/);
    // A colleague signs in on the same browser: the waiting entry is not theirs to send.
    await signInAndChangePassword(
      agent,
      journey.url,
      MBARGA.login,
      MBARGA.temporaryPassword,
      MBARGA.password,
    );
    await openFromMenu(agent, GRID);
    await agent
      .getByText(
        /^1 saisie de Nadia NKOLO attend sur ce navigateur : elle ne partira qu’une fois cette personne reconnectée ici, jamais sous votre nom\./,
      )
      .waitFor();
    // The app bar names who is signed in now; nothing of the previous person's stays on screen.
    await agent
      .getByRole('button', { name: 'Menu utilisateur' })
      .getByText('Marc MBARGA')
      .waitFor();
    await expect(agent.getByText(/^Envoyé/).count()).resolves.toBe(0);
    await agent.waitForTimeout(3_000);
    expect(row(await sheet('PRAT'), numero(17)).note).toBeNull();
    await shot(agent, 'hors-ligne-05-autre-utilisateur');
    expect((await keptReads()).length).toBeGreaterThan(0);
    await agent.getByRole('button', { name: 'Menu utilisateur' }).click();
    await agent.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await agent.waitForURL(/\/connexion/);
    // A sign-out forgets the day's copies (a shared computer); the waiting entry stays.
    expect(await keptReads()).toEqual([]);
    // Its author signs in again: it goes, as them.
    await signIn(agent, journey.url, NKOLO.login, NKOLO.password);
    await agent.waitForURL((url) => url.pathname.startsWith(DASHBOARD));
    const prat = await until(
      () => sheet('PRAT'),
      (rows) => row(rows, numero(17)).note === 8,
      'ELEC-00017',
    );
    expect(row(prat, numero(17)).saisies.map((s) => s.par)).toEqual(['Nadia Nkolo']);
    expect(journey.pageErrors).toEqual([]);
  });
});
