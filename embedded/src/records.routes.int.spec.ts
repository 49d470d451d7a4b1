import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NAME_ABBREVIATED } from '@examens-pro/domain';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;

interface Answer {
  id: string;
  revision: number;
  position: string;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const post = (url: string, payload: Record<string, unknown>, as = admin) =>
  as.inject({ method: 'POST', url, payload });
const read = async <T = Record<string, unknown>>(url: string, position?: string, as = admin) =>
  (
    await as.inject({
      method: 'GET',
      url,
      headers: position ? { 'x-min-position': position } : {},
    })
  ).json<T>();
const created = async (url: string, payload: Record<string, unknown>): Promise<Answer> => {
  const response = await post(url, payload);
  expect(response.statusCode).toBe(201);
  return response.json<Answer>();
};

const userWith = (permissions: string[], login: string) => t.userWith(permissions, login);

let metierId: string;
let departementId: string;
let niveauId: string;

const patron = (more: Record<string, unknown> = {}) => ({
  libelle: 'Garage  Moderne de Mvog-Mbi',
  responsableNom: 'MBARGA',
  responsablePrenoms: "jean-pierre d'alembert",
  responsableSexe: 'M',
  telephone: '699 11 22 33',
  email: 'Contact@Garage-Moderne.cm',
  metierId,
  departementId,
  adresse: 'Rue 1.234, Mvog-Mbi',
  ...more,
});

const apprenti = (patronId: string, more: Record<string, unknown> = {}) => ({
  nom: 'ngono',
  prenoms: 'éloïse marie',
  sexe: 'F',
  dateNaissance: '2004-03-05',
  lieuNaissance: 'Yaoundé',
  nationalite: 'Camerounaise',
  telephone: '677 44 55 66',
  patronId,
  metierId,
  dateDebutApprentissage: '2023-09-01',
  niveauId,
  ...more,
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  metierId = (await created('/api/metiers', { code: 'MECA', libelle: 'Mécanique automobile' })).id;
  niveauId = (await created('/api/niveaux-scolarisation', { code: 'CEP', libelle: 'CEP' })).id;
  departementId = (
    await read<{ id: string }[]>(`/api/departements?filter=${enc({ q: 'Mfoundi' })}`)
  )[0]!.id;
});
afterAll(async () => t.close());

describe('patrons and apprentis over HTTP', () => {
  it('registers a patron without a code, names cleaned and capitalised, searchable by name and phone', async () => {
    const answer = await created('/api/patrons', patron());
    const doc = await read<Record<string, unknown>>(`/api/patrons/${answer.id}`, answer.position);
    expect(doc).toMatchObject({
      libelle: 'Garage Moderne de Mvog-Mbi',
      code: '',
      responsableNom: 'Mbarga',
      responsablePrenoms: "Jean-Pierre D'Alembert",
      telephone: '699112233',
      email: 'contact@garage-moderne.cm',
      actif: true,
    });
    for (const q of ['moderne', 'mbarga', '699112233'])
      expect(
        (await read<{ id: string }[]>(`/api/patrons?filter=${enc({ q })}`)).map((p) => p.id),
      ).toEqual([answer.id]);
    // A code is not one of its fields; an abbreviated name is refused with the seed's rule 3.
    expect((await post('/api/patrons', { ...patron(), code: 'GM' })).statusCode).toBe(400);
    const abbreviated = await post('/api/patrons', patron({ responsablePrenoms: 'J. Pierre' }));
    expect(abbreviated.statusCode).toBe(400);
    expect(abbreviated.json()).toMatchObject({
      message: NAME_ABBREVIATED,
      errors: { responsablePrenoms: NAME_ABBREVIATED },
    });
    const noName = await post('/api/patrons', patron({ libelle: '' }));
    expect(noName.json()).toMatchObject({ message: 'La raison sociale est obligatoire.' });
    // Two patrons may share a name: nothing is reserved.
    expect((await post('/api/patrons', patron())).statusCode).toBe(201);
  });

  it('registers an apprenti under an active patron, named by nom and prénoms; filters by patron and métier', async () => {
    const p = await created('/api/patrons', patron({ libelle: 'Menuiserie Atangana' }));
    const answer = await created('/api/apprentis', apprenti(p.id));
    const doc = await read<Record<string, unknown>>(`/api/apprentis/${answer.id}`, answer.position);
    expect(doc).toMatchObject({
      libelle: 'Ngono Éloïse Marie',
      nom: 'Ngono',
      prenoms: 'Éloïse Marie',
      patronId: p.id,
      dateNaissance: '2004-03-05',
      handicapId: null,
    });
    const byPatron = await read<{ id: string }[]>(
      `/api/apprentis?filter=${enc({ patronId: p.id, metierId })}`,
    );
    expect(byPatron.map((a) => a.id)).toEqual([answer.id]);
    expect(
      (await read<{ id: string }[]>(`/api/apprentis?filter=${enc({ q: '677445566' })}`)).map(
        (a) => a.id,
      ),
    ).toEqual([answer.id]);

    // The history names each field, before → after.
    const modified = await admin.inject({
      method: 'PUT',
      url: `/api/apprentis/${answer.id}`,
      headers: { 'if-match': `W/"${answer.revision}"` },
      payload: apprenti(p.id, { prenoms: 'Éloïse' }),
    });
    expect(modified.statusCode).toBe(200);
    const history = await read<
      {
        action: string;
        changes: { field: string; label: string; before: unknown; after: unknown }[];
      }[]
    >(`/api/apprentis/${answer.id}/historique`);
    expect(history.map((h) => h.action)).toEqual(['Création', 'Modification']);
    expect(history[1]!.changes).toEqual([
      { field: 'prenoms', label: 'Prénoms', before: 'Éloïse Marie', after: 'Éloïse' },
    ]);
    const renamed = await read<Record<string, unknown>>(
      `/api/apprentis/${answer.id}`,
      modified.json<Answer>().position,
    );
    expect(renamed.libelle).toBe('Ngono Éloïse');
  });

  it('keeps a patron with apprentis: deactivated, never deleted; an inactive patron is not chosen', async () => {
    const p = await created('/api/patrons', patron({ libelle: 'Couture Fotso' }));
    const a = await created('/api/apprentis', apprenti(p.id, { nom: 'Fotso' }));
    // The usage projection has counted the apprenti once it has read the apprenti's event.
    await read(`/api/apprentis/${a.id}`, a.position);
    const doc = await read<{ version: number }>(`/api/patrons/${p.id}`, a.position);
    const removal = await admin.inject({
      method: 'DELETE',
      url: `/api/patrons/${p.id}`,
      headers: { 'if-match': `W/"${doc.version}"` },
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toMatchObject({
      message: 'Ce patron est utilisé (1 référence) : désactivez-le au lieu de le supprimer.',
    });
    const off = await admin.inject({
      method: 'POST',
      url: `/api/patrons/${p.id}/desactiver`,
      headers: { 'if-match': `W/"${doc.version}"` },
    });
    expect(off.statusCode).toBe(200);
    const refused = await post('/api/apprentis', apprenti(p.id, { nom: 'Kamga' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Choisissez un patron actif.',
      errors: { patronId: 'Choisissez un patron actif.' },
    });
    // An apprenti not referenced anywhere may be deleted.
    const apprentiDoc = await read<{ version: number }>(`/api/apprentis/${a.id}`);
    const deleted = await admin.inject({
      method: 'DELETE',
      url: `/api/apprentis/${a.id}`,
      headers: { 'if-match': `W/"${apprentiDoc.version}"` },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('lets "Lister les patrons" read patrons but write nothing; apprentis’ writers read the patrons they choose', async () => {
    const p = await created('/api/patrons', patron({ libelle: 'Soudure Ekani' }));
    const lister = await userWith(['patron.lister'], 'lecteur-patrons@test.local');
    expect((await lister.inject({ method: 'GET', url: '/api/patrons' })).statusCode).toBe(200);
    expect((await lister.inject({ method: 'GET', url: '/api/apprentis' })).statusCode).toBe(403);
    const doc = await read<{ version: number }>(`/api/patrons/${p.id}`, p.position);
    for (const [method, url] of [
      ['POST', '/api/patrons'],
      ['PUT', `/api/patrons/${p.id}`],
      ['POST', `/api/patrons/${p.id}/desactiver`],
      ['DELETE', `/api/patrons/${p.id}`],
    ] as const) {
      const response = await lister.inject({
        method,
        url,
        headers: { 'if-match': `W/"${doc.version}"` },
        payload: patron(),
      });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
    }
    const after = await read<{ version: number; libelle: string }>(`/api/patrons/${p.id}`);
    expect(after).toMatchObject({ version: doc.version, libelle: 'Soudure Ekani' });

    // Registering apprentis means choosing their patron: the patrons are readable, not writable.
    const writer = await userWith(['apprenti.enregistrer'], 'apprentis@test.local');
    expect((await writer.inject({ method: 'GET', url: '/api/patrons' })).statusCode).toBe(200);
    expect((await post('/api/patrons', patron(), writer)).statusCode).toBe(403);
    expect(
      (await post('/api/apprentis', apprenti(p.id, { nom: 'Ekani' }), writer)).statusCode,
    ).toBe(201);
  });
});
