import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>> & { admin: Agent };
let t: TestApp;

beforeAll(async () => {
  const started = await startTestApp();
  t = { ...started, admin: await started.asAdmin() };
  for (const [code, libelle] of [
    ['MACON', 'Maçonnerie'],
    ['ELEC', 'Électricité bâtiment'],
    ['COIF', 'Coiffure'],
  ]) {
    const created = await t.admin.inject({
      method: 'POST',
      url: '/api/metiers',
      payload: { code, libelle },
    });
    expect(created.statusCode).toBe(201);
  }
});
afterAll(async () => t.close());

const progression = async (id: string, position = '0') =>
  (
    await t.admin.inject({
      method: 'GET',
      url: `/api/documents/${id}/progression`,
      headers: { 'x-min-position': position },
    })
  ).json() as {
    statut: string;
    progression: number;
  };

describe('documents over HTTP', () => {
  it('generates the list of métiers as a PDF: progress, file, SHA-256 and outcome event', async () => {
    const requested = await t.admin.inject({
      method: 'POST',
      url: '/api/documents',
      payload: { kind: 'liste-metiers' },
    });
    expect(requested.statusCode).toBe(201);
    const { id, position } = requested.json() as { id: string; position: string };

    const deadline = Date.now() + 20_000;
    let state = await progression(id, position);
    while (state.statut === 'demande' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      state = await progression(id);
    }
    expect(state).toEqual({ statut: 'genere', progression: 100 });

    const record = await t.admin.inject({
      method: 'GET',
      url: `/api/documents/${id}`,
      headers: { 'x-min-position': position },
    });
    const doc = record.json() as {
      libelle: string;
      sha256: string;
      taille: number;
      pages: number;
      demandePar: string;
    };
    expect(doc).toMatchObject({
      libelle: 'Liste des métiers',
      pages: 1,
      demandePar: 'Premier Administrateur',
    });

    const file = await t.admin.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="liste-des-metiers.pdf"',
    );
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(doc.sha256);
    expect(file.rawPayload.length).toBe(doc.taille);
    const [page] = pdfText(file.rawPayload);
    expect(page).toContain('Liste des métiers');
    expect(page!.indexOf('Coiffure')).toBeLessThan(page!.indexOf('Électricité bâtiment'));
    expect(page!.indexOf('Électricité bâtiment')).toBeLessThan(page!.indexOf('Maçonnerie'));

    const events = await t.eventStore.readStream(`documents-${id}`);
    expect(events.map((e) => e.type)).toEqual(['DocumentRequested', 'DocumentGenerated']);
    expect(events[1]!.metadata.actor).toEqual({
      id: 'generateur-documents',
      name: 'Générateur de documents',
    });
    expect(events[1]!.metadata.causationId).toBe(events[0]!.id);
    expect(events[1]!.data).toMatchObject({ sha256: doc.sha256, pages: 1 });
  });

  it('refuses an unknown kind of document in French, and knows no file for an unknown id', async () => {
    const bad = await t.admin.inject({
      method: 'POST',
      url: '/api/documents',
      payload: { kind: 'bulletins' },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toBe('Type de document inconnu.');
    // Diplomas are asked for where the candidates' results are checked, not here.
    const diplomas = await t.admin.inject({
      method: 'POST',
      url: '/api/documents',
      payload: { kind: 'diplomes' },
    });
    expect(diplomas.statusCode).toBe(400);
    expect((diplomas.json() as { message: string }).message).toBe(
      'Les attestations et les diplômes se demandent depuis les écrans « Attestations » (POST /api/attestations/documents).',
    );
    const unknown = await t.admin.inject({ method: 'GET', url: '/api/documents/inconnu/fichier' });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as { message: string }).message).toBe('Ce document est introuvable.');
  });
});
