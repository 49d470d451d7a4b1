import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round } from './machine.js';
import { applyList, json, personListCsv, prepare } from './registration.js';
import { startServer } from './server.js';

/**
 * A statement of `lines` lines for a session of as many dossiers (a list of agents applied, the
 * fee 25 000 FCFA): 90 % name their dossier's number, 8 % only the candidate's phone (the fee
 * outstanding: doubtful), 2 % nothing known. Measured: the upload's answer, the preview stored
 * (read, matched against every dossier, the references checked, `ReleveImporte` appended), and
 * the preview read back once projected.
 */
export const benchStatement = async (options: { port: number; lines: number }) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-statement-'));
  const server = await startServer(dir, options.port);
  try {
    const refs = await prepare(server);
    await json(server, 'POST', '/api/frais-examen', {
      code: 'FR',
      libelle: 'Frais',
      sessionId: refs.sessionId,
      montant: 25000,
      prefixePaiement: 'CQP',
      paiementAvantValidation: false,
    });
    const verified = await fetch(`${server.url}/api/listes-candidats/verifier`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'text/csv' }),
      body: personListCsv(options.lines),
    });
    const { verificationId } = (await verified.json()) as { verificationId: string };
    const dossiers = await applyList(server, refs, verificationId, options.lines);
    const rows = ['Date;Montant;Référence;Numéro de dossier;Téléphone'];
    for (let i = 0; i < options.lines; i += 1) {
      const kind = i % 50;
      const reference = `MM-${String(i).padStart(6, '0')}`;
      rows.push(
        kind < 45
          ? `19/11/2026;25 000;${reference};CQP27-${String(i + 1).padStart(6, '0')};`
          : kind < 49
            ? `19/11/2026;25 000;${reference};;+237 6991${String(i).padStart(5, '0')}`
            : `19/11/2026;25 000;${reference};INCONNU-${i};`,
      );
    }
    const body = Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8');
    const started = performance.now();
    const response = await fetch(
      `${server.url}/api/releves-paiement?sessionId=${refs.sessionId}&canal=mobile-money&fichier=releve.csv`,
      { method: 'POST', headers: server.headers({ 'content-type': 'text/csv' }), body },
    );
    const answer = (await response.json()) as Record<string, unknown>;
    const previewMs = round(performance.now() - started, 0);
    const read = performance.now();
    const doc = await fetch(`${server.url}/api/releves-paiement/${String(answer.id)}`, {
      headers: server.headers({ 'x-min-position': String(answer.position) }),
    });
    const readBytes = (await doc.arrayBuffer()).byteLength;
    return {
      lines: options.lines,
      bytes: body.length,
      dossiers,
      status: response.status,
      certaines: answer.certaines,
      douteuses: answer.douteuses,
      introuvables: answer.introuvables,
      previewMs,
      previewReadMs: round(performance.now() - read, 0),
      previewReadBytes: readBytes,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};
