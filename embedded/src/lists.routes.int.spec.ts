import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ensureGeography } from '@examens-pro/application';
import { READ_RESOURCES, SYSTEM_ACTOR } from '@examens-pro/domain';
import { waitForProjections } from '@examens-pro/platform';
import { startTestApp, type Agent } from './testApp.js';
import { signaturePng } from '@examens-pro/workers/testing/signatureImage';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
});
afterAll(async () => t.close());

interface Answer {
  id: string;
  revision: number;
  position: string;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const post = (list: string, payload: Record<string, unknown>) =>
  admin.inject({ method: 'POST', url: `/api/${list}`, payload });
const read = async <T = Record<string, unknown>>(url: string, position?: string) =>
  (
    await admin.inject({
      method: 'GET',
      url,
      headers: position ? { 'x-min-position': position } : {},
    })
  ).json<T>();

const departement = async (libelle: string): Promise<string> => {
  const found = await read<{ id: string }[]>(
    `/api/departements?filter=${enc({ q: libelle })}&range=[0,0]`,
  );
  return found[0]!.id;
};

describe('reference lists over HTTP', () => {
  it('ships the 10 zones and 58 départements of Cameroon once, readable by every signed-in user', async () => {
    const zones = await admin.inject({ method: 'GET', url: '/api/zones?range=[0,99]' });
    expect(zones.headers['content-range']).toBe('zones 0-9/10');
    const departements = await admin.inject({
      method: 'GET',
      url: '/api/departements?range=[0,99]',
    });
    expect(departements.headers['content-range']).toBe('departements 0-57/58');
    const centre = (
      await read<{ id: string }[]>(`/api/zones?filter=${enc({ code: 'CENTRE' })}`)
    )[0]!;
    const ofCentre = await admin.inject({
      method: 'GET',
      url: `/api/departements?filter=${enc({ zoneId: centre.id })}&range=[0,99]`,
    });
    expect(ofCentre.headers['content-range']).toBe('departements 0-9/10');
    // A second start appends nothing.
    expect(
      await ensureGeography(t.eventStore, t.readStore, {
        actor: SYSTEM_ACTOR,
        now: new Date().toISOString(),
      }),
    ).toBe(0);
    // Seed data: no command route.
    expect((await post('zones', { code: 'X', libelle: 'X' })).statusCode).toBe(404);
    // Any signed-in user reads it; a visitor does not.
    expect((await t.app.inject({ method: 'GET', url: '/api/zones' })).statusCode).toBe(401);
  });

  it('chooses references among active items only, and refuses to delete an item in use', async () => {
    const unknown = await post('centres-examen', {
      code: 'YDE',
      libelle: 'Centre de Yaoundé',
      departementId: 'inexistant',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      errors: { departementId: '« Département » : choisissez un élément actif de la liste.' },
    });
    const centre = await post('centres-examen', {
      code: 'YDE',
      libelle: 'Centre de Yaoundé',
      departementId: await departement('Mfoundi'),
    });
    expect(centre.statusCode).toBe(201);
    const centreId = centre.json<Answer>().id;

    const noSeat = await post('sites-composition', {
      code: 'LYC-1',
      libelle: 'Lycée Général Leclerc',
      centreExamenId: centreId,
      capacite: 0,
    });
    expect(noSeat.statusCode).toBe(400);
    expect(noSeat.json()).toMatchObject({
      errors: {
        capacite: '« Capacité (places) » doit être un nombre entier entre 1 et 100\u202f000.',
      },
    });
    const site = await post('sites-composition', {
      code: 'LYC-1',
      libelle: 'Lycée Général Leclerc',
      centreExamenId: centreId,
      capacite: 120,
      adresse: 'Quartier Ngoa-Ekellé',
    });
    expect(site.statusCode).toBe(201);
    const doc = await read(
      `/api/sites-composition/${site.json<Answer>().id}`,
      site.json<Answer>().position,
    );
    expect(doc).toMatchObject({
      code: 'LYC-1',
      capacite: 120,
      centreExamenId: centreId,
      actif: true,
    });

    const current = await read<{ version: number }>(`/api/centres-examen/${centreId}`);
    const remove = await admin.inject({
      method: 'DELETE',
      url: `/api/centres-examen/${centreId}`,
      headers: { 'if-match': `W/"${current.version}"` },
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json<{ message: string }>().message).toBe(
      'Cet élément est utilisé (1 référence) : désactivez-le au lieu de le supprimer.',
    );

    const off = await admin.inject({
      method: 'POST',
      url: `/api/centres-examen/${centreId}/desactiver`,
      headers: { 'if-match': `W/"${current.version}"` },
    });
    expect(off.statusCode).toBe(200);
    const onInactive = await post('sites-composition', {
      code: 'LYC-2',
      libelle: 'Lycée Bilingue',
      centreExamenId: centreId,
      capacite: 80,
    });
    expect(onInactive.statusCode).toBe(400);
    expect(onInactive.json()).toMatchObject({
      errors: { centreExamenId: '« Centre d’examen » : choisissez un élément actif de la liste.' },
    });
  });

  it('keeps codes unique per list, not across lists', async () => {
    expect((await post('langues', { code: 'fr', libelle: 'Français' })).statusCode).toBe(201);
    const duplicate = await post('langues', { code: 'FR', libelle: 'Français (bis)' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: 'Ce code existe déjà.' });
    expect((await post('motifs-rejet', { code: 'FR', libelle: 'Fraude' })).statusCode).toBe(201);
  });

  it('applies each list’s own rules with French messages', async () => {
    const marks = await post('examens', {
      code: 'CQP',
      libelle: 'Certificat de qualification professionnelle',
      noteDePassage: 10,
      noteEliminatoire: 12,
    });
    expect(marks.statusCode).toBe(400);
    expect(marks.json()).toMatchObject({
      errors: {
        noteEliminatoire: 'La note éliminatoire doit être inférieure à la note de passage.',
      },
    });
    const tooHigh = await post('examens', { code: 'CQP', libelle: 'CQP', noteDePassage: 25 });
    expect(tooHigh.json()).toMatchObject({
      errors: {
        noteDePassage: '« Note de passage (sur 20) » doit être un nombre entier entre 1 et 20.',
      },
    });
    expect(
      (
        await post('examens', {
          code: 'CQP',
          libelle: 'Certificat de qualification professionnelle',
          noteDePassage: 10,
          noteEliminatoire: 5,
        })
      ).statusCode,
    ).toBe(201);

    const badEmail = await post('emails-departements', {
      code: 'WOURI',
      libelle: 'Délégation du Wouri',
      departementId: await departement('Wouri'),
      emails: 'delegation@minefop.cm; pas-une-adresse',
    });
    expect(badEmail.json()).toMatchObject({
      errors: { emails: '« Adresses e-mail » : une adresse e-mail n’est pas valide.' },
    });
    const emails = await post('emails-departements', {
      code: 'WOURI',
      libelle: 'Délégation du Wouri',
      departementId: await departement('Wouri'),
      emails: 'Delegation@Minefop.cm; secretariat@minefop.cm,delegation@minefop.cm',
    });
    expect(emails.statusCode).toBe(201);
    const stored = await read(
      `/api/emails-departements/${emails.json<Answer>().id}`,
      emails.json<Answer>().position,
    );
    expect(stored).toMatchObject({ emails: 'delegation@minefop.cm, secretariat@minefop.cm' });

    const phone = await post('centres-depot', {
      code: 'DEP-1',
      libelle: 'Centre de dépôt de Douala',
      departementId: await departement('Wouri'),
      telephone: '12',
    });
    expect(phone.json()).toMatchObject({
      errors: { telephone: '« Téléphone » compte de 8 à 15 chiffres (indicatif + accepté).' },
    });
    const unknownField = await post('langues', { code: 'EN', libelle: 'Anglais', couleur: 'bleu' });
    expect(unknownField.json()).toMatchObject({ message: 'Champ inconnu : couleur.' });
  });

  it('reads an item’s history from its events', async () => {
    const created = await post('types-handicap', {
      code: 'VIS',
      libelle: 'Déficience visuelle',
      amenagement: 'Sujets en gros caractères',
    });
    const { id, revision } = created.json<Answer>();
    const modified = await admin.inject({
      method: 'PUT',
      url: `/api/types-handicap/${id}`,
      headers: { 'if-match': `W/"${revision}"` },
      payload: {
        code: 'VIS',
        libelle: 'Déficience visuelle',
        amenagement: 'Sujets en gros caractères, un tiers de temps en plus',
      },
    });
    expect(modified.statusCode).toBe(200);
    const history = await read<{ action: string; changes: { label: string; after: unknown }[] }[]>(
      `/api/types-handicap/${id}/historique`,
    );
    expect(history.map((h) => h.action)).toEqual(['Création', 'Modification']);
    expect(history[1]!.changes).toEqual([
      expect.objectContaining({
        label: 'Aménagement accordé',
        after: 'Sujets en gros caractères, un tiers de temps en plus',
      }),
    ]);
  });
});

describe('enrôleurs', () => {
  it('attaches a user to an active centre de dépôt, under the enrôleurs’ own permissions', async () => {
    const centre = await post('centres-depot', {
      code: 'DEP-DLA',
      libelle: 'Centre de dépôt de Douala',
      departementId: await departement('Wouri'),
      adresse: 'Bonanjo',
      telephone: '+237 233 42 00 00',
    });
    expect(centre.statusCode).toBe(201);
    const centreId = centre.json<Answer>().id;
    const profile = await admin.inject({
      method: 'POST',
      url: '/api/profils',
      payload: { libelle: 'Enrôleur', permissions: ['candidat.enregistrer'] },
    });
    const enroler = {
      nom: 'Ngo Bassa',
      prenoms: 'Marie',
      login: 'marie.ngobassa@test.local',
      telephone: '699000000',
      profilId: profile.json<Answer>().id,
      motDePasse: 'Bienvenue-Douala-1',
    };
    const withoutCentre = await admin.inject({
      method: 'POST',
      url: '/api/enroleurs',
      payload: enroler,
    });
    expect(withoutCentre.statusCode).toBe(400);
    expect(withoutCentre.json()).toMatchObject({
      errors: { centreDepotId: 'Le centre de dépôt est obligatoire pour un enrôleur.' },
    });
    const created = await admin.inject({
      method: 'POST',
      url: '/api/enroleurs',
      payload: { ...enroler, centreDepotId: centreId },
    });
    expect(created.statusCode).toBe(201);
    const { id, position } = created.json<Answer>();

    // Listed among the enrôleurs (and the users); an ordinary user is not an enrôleur.
    const listed = await admin.inject({
      method: 'GET',
      url: '/api/enroleurs?range=[0,99]',
      headers: { 'x-min-position': position },
    });
    expect(listed.json<{ id: string; centreDepotId: string }[]>()).toEqual([
      expect.objectContaining({ id, centreDepotId: centreId, enroleur: true }),
    ]);
    const me = await read<{ user: { id: string } }>('/api/auth/session');
    expect(
      (await admin.inject({ method: 'GET', url: `/api/enroleurs/${me.user.id}` })).statusCode,
    ).toBe(404);

    // The centre is in use while an enrôleur belongs to it.
    const centreDoc = await read<{ version: number }>(`/api/centres-depot/${centreId}`);
    const remove = await admin.inject({
      method: 'DELETE',
      url: `/api/centres-depot/${centreId}`,
      headers: { 'if-match': `W/"${centreDoc.version}"` },
    });
    expect(remove.statusCode).toBe(409);

    // A user holding only "Enregistrer un utilisateur" may not create enrôleurs, and the reverse.
    const clerkProfile = await admin.inject({
      method: 'POST',
      url: '/api/profils',
      payload: { libelle: 'Enrôlements', permissions: ['enroleur.enregistrer', 'enroleur.lister'] },
    });
    await admin.inject({
      method: 'POST',
      url: '/api/utilisateurs',
      payload: {
        nom: 'Tchoua',
        prenoms: 'Paul',
        login: 'paul.tchoua@test.local',
        telephone: '677000000',
        profilId: clerkProfile.json<Answer>().id,
        motDePasse: 'Bienvenue-Paul-1',
      },
    });
    const { agent } = await t.signIn('paul.tchoua@test.local', 'Bienvenue-Paul-1');
    await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Bienvenue-Paul-1', newPassword: 'Paul-Tchoua-2026' },
    });
    expect((await agent.inject({ method: 'GET', url: '/api/enroleurs' })).statusCode).toBe(200);
    expect((await agent.inject({ method: 'GET', url: '/api/centres-depot' })).statusCode).toBe(200);
    expect((await agent.inject({ method: 'GET', url: '/api/utilisateurs' })).statusCode).toBe(403);
    // Only a profile within the clerk's own permissions: not the enrôleurs' one,
    // which gives « Enregistrer un candidat ».
    const beyond = await agent.inject({
      method: 'POST',
      url: '/api/enroleurs',
      payload: { ...enroler, login: 'autre.enroleur@test.local', centreDepotId: centreId },
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json<{ message: string }>().message).toContain('« Enregistrer un candidat »');
    const byClerk = await agent.inject({
      method: 'POST',
      url: '/api/enroleurs',
      payload: {
        ...enroler,
        login: 'autre.enroleur@test.local',
        profilId: clerkProfile.json<Answer>().id,
        centreDepotId: centreId,
      },
    });
    expect(byClerk.statusCode).toBe(201);
  });
});

describe('sessions', () => {
  const session = (examenId: string, libelle: string) => ({
    examenId,
    annee: 2027,
    libelle,
    ouvertureInscriptions: '2027-01-10',
    clotureInscriptions: '2027-03-31',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  const advance = (id: string, version: number, statut: string) =>
    admin.inject({
      method: 'POST',
      url: `/api/sessions/${id}/avancer`,
      headers: { 'if-match': `W/"${version}"` },
      payload: { statut },
    });

  it('orders its dates, opens registration for one session per examen at a time, and moves step by step', async () => {
    const examen = await post('examens', {
      code: 'DQP',
      libelle: 'Diplôme de qualification professionnelle',
      noteDePassage: 10,
    });
    const examenId = examen.json<Answer>().id;

    const reversed = await admin.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { ...session(examenId, 'DQP 2027'), clotureInscriptions: '2027-01-01' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      errors: { clotureInscriptions: 'La clôture des inscriptions doit suivre leur ouverture.' },
    });
    const early = await admin.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { ...session(examenId, 'DQP 2027'), debutComposition: '2027-03-01' },
    });
    expect(early.json()).toMatchObject({
      errors: {
        debutComposition: 'La composition doit commencer après la clôture des inscriptions.',
      },
    });
    const badDate = await admin.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { ...session(examenId, 'DQP 2027'), finComposition: '2027-02-30' },
    });
    expect(badDate.json()).toMatchObject({
      errors: { finComposition: 'La fin de la composition : date invalide (AAAA-MM-JJ attendu).' },
    });

    const first = await admin.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: session(examenId, 'DQP 2027'),
    });
    expect(first.statusCode).toBe(201);
    const second = await admin.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: session(examenId, 'DQP 2027 (rattrapage)'),
    });
    const a = first.json<Answer>();
    const b = second.json<Answer>();

    const skip = await advance(a.id, a.revision, 'composition');
    expect(skip.statusCode).toBe(409);
    expect(skip.json<{ message: string }>().message).toContain(
      'l’étape suivante est « Inscriptions ouvertes »',
    );

    const opened = await advance(a.id, a.revision, 'inscriptions-ouvertes');
    expect(opened.statusCode).toBe(200);
    const refused = await advance(b.id, b.revision, 'inscriptions-ouvertes');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Une autre session de cet examen est déjà ouverte aux inscriptions.',
    });

    let revision = opened.json<Answer>().revision;
    for (const statut of ['inscriptions-closes', 'composition', 'deliberation', 'cloturee']) {
      const step = await advance(a.id, revision, statut);
      expect({ statut, status: step.statusCode }).toEqual({ statut, status: 200 });
      revision = step.json<Answer>().revision;
      // Once the first closes its registration, the second may open its own.
      if (statut === 'inscriptions-closes')
        expect((await advance(b.id, b.revision, 'inscriptions-ouvertes')).statusCode).toBe(200);
    }
    const doc = await read(`/api/sessions/${a.id}`, opened.json<Answer>().position);
    expect(doc).toMatchObject({ libelle: 'DQP 2027' });
    const closed = await admin.inject({
      method: 'PUT',
      url: `/api/sessions/${a.id}`,
      headers: { 'if-match': `W/"${revision}"` },
      payload: session(examenId, 'DQP 2027 bis'),
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: 'Une session clôturée ne se modifie plus.' });

    const history = await read<{ action: string; changes: { after: unknown }[] }[]>(
      `/api/sessions/${a.id}/historique`,
    );
    expect(history.map((h) => h.action)).toEqual([
      'Création',
      ...Array(5).fill('Changement d’étape'),
    ]);
    expect(history.at(-1)!.changes).toEqual([expect.objectContaining({ after: 'Clôturée' })]);

    // The examen is in use: it cannot be deleted.
    const examenDoc = await read<{ version: number }>(`/api/examens/${examenId}`);
    const remove = await admin.inject({
      method: 'DELETE',
      url: `/api/examens/${examenId}`,
      headers: { 'if-match': `W/"${examenDoc.version}"` },
    });
    expect(remove.statusCode).toBe(409);
  });
});

describe('épreuves, pièces, frais and editing parameters', () => {
  it('checks numbers, choices, dates and references to métiers, examens and sessions', async () => {
    const examen = (
      await post('examens', { code: 'CAP', libelle: 'Certificat d’aptitude', noteDePassage: 10 })
    ).json<Answer>().id;
    const metier = (await post('metiers', { code: 'SOUD', libelle: 'Soudure' })).json<Answer>().id;

    const zero = await post('epreuves', {
      code: 'EP1',
      libelle: 'Pratique de soudure',
      examenId: examen,
      metierId: metier,
      coefficient: 0,
      noteMax: 20,
      typeEpreuve: 'pratique',
    });
    expect(zero.json()).toMatchObject({
      errors: { coefficient: '« Coefficient » doit être un nombre supérieur à 0 et au plus 100.' },
    });
    const kind = await post('epreuves', {
      code: 'EP1',
      libelle: 'Pratique de soudure',
      examenId: examen,
      coefficient: 2,
      noteMax: 20,
      typeEpreuve: 'dessin',
    });
    expect(kind.json()).toMatchObject({
      errors: { typeEpreuve: '« Type d’épreuve » : choisissez parmi Écrite, Pratique, Orale.' },
    });
    const epreuve = await post('epreuves', {
      code: 'EP1',
      libelle: 'Pratique de soudure',
      examenId: examen,
      metierId: metier,
      coefficient: 2.5,
      noteMax: 20,
      typeEpreuve: 'pratique',
      eliminatoire: true,
    });
    expect(epreuve.statusCode).toBe(201);
    // For every métier of the examen: no métier.
    const general = await post('epreuves', {
      code: 'EP2',
      libelle: 'Culture générale',
      examenId: examen,
      coefficient: 1,
      noteMax: 20,
      typeEpreuve: 'ecrite',
    });
    expect(general.statusCode).toBe(201);

    const pieceWithUnknown = await post('pieces-justificatives', {
      code: 'ACTE',
      libelle: 'Acte de naissance',
      obligatoire: true,
      examenIds: [examen, 'inconnu'],
    });
    expect(pieceWithUnknown.json()).toMatchObject({
      errors: { examenIds: '« Examens concernés » : choisissez un élément actif de la liste.' },
    });
    expect(
      (
        await post('pieces-justificatives', {
          code: 'ACTE',
          libelle: 'Acte de naissance',
          obligatoire: true,
          examenIds: [examen],
        })
      ).statusCode,
    ).toBe(201);

    const session = await admin.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: {
        examenId: examen,
        annee: 2027,
        libelle: 'CAP 2027',
        ouvertureInscriptions: '2027-01-10',
        clotureInscriptions: '2027-03-31',
        debutComposition: '2027-06-14',
        finComposition: '2027-06-18',
      },
    });
    const sessionId = session.json<Answer>().id;
    const free = await post('frais-examen', {
      code: 'CAP-2027',
      libelle: 'Frais CAP 2027',
      sessionId,
      montant: 0,
      prefixePaiement: 'CAP27',
    });
    expect(free.json()).toMatchObject({
      errors: {
        montant: '« Montant (FCFA) » doit être un nombre entier entre 1 et 10\u202f000\u202f000.',
      },
    });
    const decimal = await post('frais-examen', {
      code: 'CAP-2027',
      libelle: 'Frais CAP 2027',
      sessionId,
      montant: 15000.5,
      prefixePaiement: 'CAP27',
    });
    expect(decimal.statusCode).toBe(400);
    expect(
      (
        await post('frais-examen', {
          code: 'CAP-2027',
          libelle: 'Frais CAP 2027',
          sessionId,
          montant: 15000,
          prefixePaiement: 'CAP27',
        })
      ).statusCode,
    ).toBe(201);

    const badDate = await post('parametres-edition', {
      code: 'ED-2027',
      libelle: 'Édition CAP 2027',
      sessionId,
      dateLimiteModification: '2027-13-01',
      prefixeDossier: 'CAP27-',
    });
    expect(badDate.json()).toMatchObject({
      errors: {
        dateLimiteModification: '« Dernier jour de modification des dossiers » : date invalide.',
      },
    });

    // The métier is in use by its épreuve; once deactivated it can no longer be chosen.
    const metierDoc = await read<{ version: number }>(`/api/metiers/${metier}`);
    await admin.inject({
      method: 'POST',
      url: `/api/metiers/${metier}/desactiver`,
      headers: { 'if-match': `W/"${metierDoc.version}"` },
    });
    const onInactive = await post('epreuves', {
      code: 'EP3',
      libelle: 'Théorie de soudure',
      examenId: examen,
      metierId: metier,
      coefficient: 1,
      noteMax: 20,
      typeEpreuve: 'ecrite',
    });
    expect(onInactive.json()).toMatchObject({
      errors: { metierId: '« Métier » : choisissez un élément actif de la liste.' },
    });
  });
});

describe('one fee and one set of editing parameters per session', () => {
  const session = async (examenId: string, annee: number) =>
    (
      await admin.inject({
        method: 'POST',
        url: '/api/sessions',
        payload: {
          examenId,
          annee,
          libelle: `Session ${annee}`,
          ouvertureInscriptions: `${annee}-01-10`,
          clotureInscriptions: `${annee}-03-31`,
          debutComposition: `${annee}-06-14`,
          finComposition: `${annee}-06-18`,
        },
      })
    ).json<{ id: string }>().id;
  const fee = (code: string, sessionId: string) =>
    post('frais-examen', {
      code,
      libelle: `Frais ${code}`,
      sessionId,
      montant: 15000,
      prefixePaiement: code,
    });
  const command = (method: 'PUT' | 'DELETE', url: string, version: number, payload?: object) =>
    admin.inject({ method, url, headers: { 'if-match': `W/"${version}"` }, payload });

  it('refuses a second one for the same session, also by a change of session, and frees it when deleted', async () => {
    const examen = (
      await post('examens', { code: 'UNI', libelle: 'Examen unique', noteDePassage: 10 })
    ).json<{ id: string }>().id;
    const [s2028, s2029] = [await session(examen, 2028), await session(examen, 2029)];

    const first = await fee('F28', s2028);
    expect(first.statusCode).toBe(201);
    const second = await fee('F28B', s2028);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'Cette session a déjà ses frais d’examen : modifiez-les plutôt.',
    });
    // The code of the refused one was given back.
    const other = await fee('F28B', s2029);
    expect(other.statusCode).toBe(201);
    const otherId = other.json<{ id: string }>().id;
    // Moving the 2029 fee to 2028 is refused too; its own session stays taken.
    const moved = await command('PUT', `/api/frais-examen/${otherId}`, 0, {
      code: 'F28B',
      libelle: 'Frais F28B',
      sessionId: s2028,
      montant: 15000,
      prefixePaiement: 'F28B',
    });
    expect(moved.statusCode).toBe(409);
    expect((await fee('F29', s2029)).statusCode).toBe(409);
    // Deleted, the 2028 fee leaves its session free for another one.
    const firstId = first.json<{ id: string }>().id;
    expect((await command('DELETE', `/api/frais-examen/${firstId}`, 0)).statusCode).toBe(200);
    expect((await fee('F28C', s2028)).statusCode).toBe(201);

    // Editing parameters: same rule; opening a métier twice to one session, too.
    const parameters = (code: string) =>
      post('parametres-edition', {
        code,
        libelle: `Édition ${code}`,
        sessionId: s2029,
        dateLimiteModification: '2029-02-28',
        prefixeDossier: `${code}-`,
      });
    expect((await parameters('ED29')).statusCode).toBe(201);
    expect((await parameters('ED29B')).json()).toMatchObject({
      message: 'Cette session a déjà ses paramètres d’édition : modifiez-les plutôt.',
    });
    const metier = (await post('metiers', { code: 'UNI-M', libelle: 'Métier unique' })).json<{
      id: string;
    }>().id;
    const open = (code: string, sessionId: string) =>
      post('metiers-ouverts', { code, libelle: code, sessionId, metierId: metier });
    expect((await open('O28', s2028)).statusCode).toBe(201);
    expect((await open('O29', s2029)).statusCode).toBe(201);
    expect((await open('O29B', s2029)).json()).toMatchObject({
      message: 'Ce métier est déjà ouvert aux inscriptions de cette session.',
    });
  });
});

describe('signataires', () => {
  const PNG = signaturePng({ width: 60, height: 20 });
  const upload = (payload: Buffer, type = 'image/png') =>
    admin.inject({
      method: 'POST',
      url: '/api/images',
      headers: { 'content-type': type },
      payload,
    });

  it('keeps a PNG or JPEG under 1 MB, checked from its bytes, and shows it with the signatory', async () => {
    const gif = await upload(Buffer.from('GIF89a une image animée'), 'image/png');
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toMatchObject({ message: 'Le fichier doit être une image PNG ou JPEG.' });
    const big = await upload(
      Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]),
      'application/octet-stream',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'Le contenu envoyé est trop volumineux.' });

    const stored = await upload(PNG);
    expect(stored.statusCode).toBe(201);
    const { fichier } = stored.json<{ fichier: string }>();
    expect(fichier).toMatch(/^image-[a-f0-9]{64}\.png$/);

    const signatory = {
      code: 'MIN',
      libelle: 'Le Ministre',
      titre: 'Ministre de l’Emploi et de la Formation professionnelle',
      signeDecisions: true,
      signeDiplomes: true,
    };
    const withoutImage = await post('signataires', signatory);
    expect(withoutImage.json()).toMatchObject({
      errors: { signature: '« Signature (image) » est obligatoire.' },
    });
    const unknown = await post('signataires', {
      ...signatory,
      signature: `image-${'0'.repeat(64)}.png`,
    });
    expect(unknown.json()).toMatchObject({
      errors: { signature: '« Signature (image) » : image inconnue, envoyez-la de nouveau.' },
    });
    const created = await post('signataires', { ...signatory, signature: fichier });
    expect(created.statusCode).toBe(201);

    const image = await admin.inject({ method: 'GET', url: `/api/images/${fichier}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${fichier}` })).statusCode).toBe(
      401,
    );
  });
});

describe('filières and corps de métiers', () => {
  it('are chosen by métiers among active items, under their own permissions', async () => {
    const filiere = await post('filieres', { code: 'BTP', libelle: 'Bâtiment et travaux publics' });
    expect(filiere.statusCode).toBe(201);
    const corps = await post('corps-de-metier', { code: 'GO', libelle: 'Gros œuvre' });
    const metier = await post('metiers', {
      code: 'COFF',
      libelle: 'Coffrage',
      filiereId: filiere.json<Answer>().id,
      corpsDeMetierId: corps.json<Answer>().id,
    });
    expect(metier.statusCode).toBe(201);
    const unknown = await post('metiers', {
      code: 'FERR',
      libelle: 'Ferraillage',
      filiereId: 'inconnue',
    });
    expect(unknown.json()).toMatchObject({
      errors: { filiereId: 'Choisissez une filière active.' },
    });
    // In use by the métier: not deleted.
    const doc = await read<{ version: number }>(
      `/api/filieres/${filiere.json<Answer>().id}`,
      filiere.json<Answer>().position,
    );
    const remove = await admin.inject({
      method: 'DELETE',
      url: `/api/filieres/${filiere.json<Answer>().id}`,
      headers: { 'if-match': `W/"${doc.version}"` },
    });
    expect(remove.statusCode).toBe(409);
  });

  it('lets a holder of "Configurer les filières" alone read the métiers and write filières, never a métier', async () => {
    const profile = await post('profils', {
      libelle: 'Filières seulement',
      permissions: ['configuration.filieres'],
    });
    const user = await post('utilisateurs', {
      nom: 'Ngono',
      prenoms: 'Marie',
      login: 'filieres@test.local',
      telephone: '699000001',
      profilId: profile.json<Answer>().id,
      motDePasse: 'Temporaire-Filieres-1',
    });
    expect(user.statusCode).toBe(201);
    const { agent } = await t.signIn('filieres@test.local', 'Temporaire-Filieres-1');
    const changed = await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Temporaire-Filieres-1', newPassword: 'Filieres-Personnel-2' },
    });
    expect(changed.statusCode).toBe(200);

    // The métiers screen opens for its Filières tab, and its list is readable.
    const can = await agent.inject({
      method: 'POST',
      url: '/api/can/uniq',
      payload: { path: '/tableau-de-bord/configuration/metiers/filieres' },
    });
    expect(can.json()).toEqual({ can: true });
    const metiers = await agent.inject({ method: 'GET', url: '/api/metiers' });
    expect(metiers.statusCode).toBe(200);
    const one = metiers.json<{ id: string; version: number }[]>()[0]!;

    const filiere = await agent.inject({
      method: 'POST',
      url: '/api/filieres',
      payload: { code: 'AGRO', libelle: 'Agro-alimentaire' },
    });
    expect(filiere.statusCode).toBe(201);

    // Writing a métier is "Configurer les métiers" only: every command is refused.
    for (const [method, url] of [
      ['POST', '/api/metiers'],
      ['PUT', `/api/metiers/${one.id}`],
      ['POST', `/api/metiers/${one.id}/desactiver`],
      ['DELETE', `/api/metiers/${one.id}`],
    ] as const) {
      const response = await agent.inject({
        method,
        url,
        headers: { 'if-match': `W/"${one.version}"` },
        payload: { code: 'PAIN', libelle: 'Boulangerie' },
      });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
      expect(response.json()).toMatchObject({ code: 'interdit' });
    }
    // Nor the other tab's list.
    const corps = await agent.inject({
      method: 'POST',
      url: '/api/corps-de-metier',
      payload: { code: 'MENU', libelle: 'Menuiserie' },
    });
    expect(corps.statusCode).toBe(403);
  });
});

describe('demonstration data', () => {
  it('fills a new office once, with 2,000 dossiers in every statut; a second run adds nothing', async () => {
    const { seedDemo } = await import('./demo.js');
    const office = await startTestApp();
    try {
      const started = Date.now();
      const first = await seedDemo(office);
      const seconds = (Date.now() - started) / 1000;
      expect(first).toMatchObject({
        examens: 2,
        sessions: 1,
        metiers: 30,
        'centres-examen': 10,
        'centres-depot': 10,
        'sites-composition': 40,
        epreuves: 6,
        'niveaux-requis': 4,
        patrons: 120,
        apprentis: 400,
        candidatures: 2000,
      });
      const head = await office.eventStore.headPosition();
      console.log(`[demo] ${head} events in ${seconds.toFixed(1)} s`);
      // Through the real handlers: every dossier numbered in sequence, in each statut, pièces and
      // payments recorded, motifs kept, across centres, métiers and categories.
      const dossiers = await waitedList<{
        numeroDossier: string;
        statut: string;
        categorie: string;
        centreDepotId: string;
        metierId: string;
        motifRejetId: string | null;
        montantPaye: number;
        piecesManquantes: number;
        dateNaissance: string;
      }>(office, 'candidatures', head);
      expect(dossiers).toHaveLength(2000);
      const tally = (field: keyof (typeof dossiers)[number]) =>
        dossiers.reduce<Record<string, number>>((all, d) => {
          const key = String(d[field]);
          all[key] = (all[key] ?? 0) + 1;
          return all;
        }, {});
      expect(tally('statut')).toEqual({
        brouillon: 300,
        soumis: 500,
        valide: 800,
        rejete: 200,
        desiste: 200,
      });
      expect(tally('categorie')).toEqual({ apprenti: 400, patron: 120, agent: 370, libre: 1110 });
      expect(Object.keys(tally('centreDepotId'))).toHaveLength(10);
      expect(Object.keys(tally('metierId'))).toHaveLength(20);
      expect(new Set(dossiers.map((d) => d.numeroDossier)).size).toBe(2000);
      expect(dossiers.every((d) => /^CQP27-\d{6}$/.test(d.numeroDossier))).toBe(true);
      // 16 years old at least on the first day of composition (14/06/2027).
      expect(dossiers.every((d) => d.dateNaissance <= '2011-06-14')).toBe(true);
      const validated = dossiers.filter((d) => d.statut === 'valide');
      expect(validated.every((d) => d.piecesManquantes === 0 && d.montantPaye === 15_000)).toBe(
        true,
      );
      expect(dossiers.filter((d) => d.statut === 'rejete').every((d) => d.motifRejetId)).toBe(true);
      // Each step is in the dossiers' history.
      const lines = await waitedList<{ action: string }>(office, 'historique-candidatures', head);
      expect(lines.filter((l) => l.action === 'Validation')).toHaveLength(800);

      expect(await seedDemo(office)).toEqual({});
      expect(await office.eventStore.headPosition()).toBe(head);
      const someone = await office.asAdmin();
      const sessions = await someone.inject({
        method: 'GET',
        url: `/api/sessions?filter=${enc({ statut: 'inscriptions-ouvertes' })}`,
        headers: { 'x-min-position': await office.eventStore.headPosition() },
      });
      expect(sessions.json<{ libelle: string }[]>().map((s) => s.libelle)).toEqual([
        'CQP session 2027',
      ]);
    } finally {
      await office.close();
    }
  }, 600_000);
});

/** Every document of a read resource, once its projections have reached `position`. */
const waitedList = async <T>(
  office: Awaited<ReturnType<typeof startTestApp>>,
  resource: string,
  position: string,
): Promise<T[]> => {
  const definition = READ_RESOURCES.find((r) => r.name === resource)!;
  expect(await waitForProjections(office.readStore, definition.projections, position, 60_000)).toBe(
    true,
  );
  const rows: T[] = [];
  for await (const row of office.readStore.collection(definition.collection).stream({}))
    rows.push(row as T);
  return rows;
};
