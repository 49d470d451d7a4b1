import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import {
  attestationsCollection,
  formatFrenchDay,
  localDate,
  NotFoundError,
  parseVerificationRequest,
  PUBLIC_ACTOR,
  VERIFICATION_NOT_FOUND,
  verificationStream,
  type AttestationDocument,
  type AttestationVerified,
  type VerificationAnswer,
  ValidationError,
  VERIFIED_FILE_MAX_BYTES,
} from '@examens-pro/domain';
import { verifyDocumentFile } from '@examens-pro/application';
import {
  newId,
  officeTimeZone,
  toEnvelopes,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import type { PublicNames } from './names.js';

/**
 * `POST /api/public/verifications { code }` (`/diplomes`, or the QR address `/diplomes?code=…`):
 * an admitted candidate's attestation or diploma is genuine → who, which examen, session and
 * métier, the day the deliberation was closed, and the arrêté (its number and date); anything else → the same 404. A verification of an existing
 * code is counted (an event on its attestation's stream of the day, under the public site's name:
 * nothing of the person asking); an unknown code is written nowhere.
 */
export const publicVerificationRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
  readonly names: PublicNames;
  readonly limit: onRequestHookHandler;
}> = async (app, { readStore, eventStore, names, limit }) => {
  await readStore.ensureCollection(attestationsCollection);
  const attestations = readStore.collection<AttestationDocument>(attestationsCollection);
  const timeZone = officeTimeZone();

  /** The admitted candidate's attestation under a code, its verification counted; else a 404. */
  const verified = async (code: string) => {
    const { items } = await attestations.list({ filter: { code }, limit: 1 });
    const found = items[0];
    if (!found || !found.admis) throw new NotFoundError(VERIFICATION_NOT_FOUND);
    const now = new Date().toISOString();
    const jour = localDate(now, timeZone);
    const event: AttestationVerified = {
      type: 'AttestationVerified',
      data: { candidatureId: found.candidatureId, code, jour },
    };
    await eventStore.appendToStream(
      verificationStream(found.candidatureId, jour),
      toEnvelopes([event], { commandId: newId(), actor: PUBLIC_ACTOR, now }),
    );
    const answer: VerificationAnswer = {
      authentique: true,
      code,
      nom: found.nom,
      prenoms: found.prenoms,
      ...(await names.session(found.sessionId)),
      metier: await names.metier(found.metierId),
      date: formatFrenchDay(found.dateArrete),
      dateDeliberation: formatFrenchDay(localDate(found.delibereLe, timeZone)),
      numeroArrete: found.numeroArrete,
      dateArrete: formatFrenchDay(found.dateArrete),
    };
    return { found, answer };
  };

  app.post('/verifications', { onRequest: limit }, async (request) => {
    const code = parseVerificationRequest(request.body);
    return (await verified(code)).answer;
  });

  // The PDF itself, as bytes: read here, never stored.
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: VERIFIED_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  /**
   * `POST /api/public/verifications/fichier` (the PDF's bytes, its code in `X-Code-Verification`):
   * the code checked and counted as above, then the file — its signature, the certificate, whether
   * it is the document issued under this code and whether one replaced it since — in one French
   * verdict (`fichier`). Same budget as the code's check.
   */
  app.post(
    '/verifications/fichier',
    { onRequest: limit, bodyLimit: VERIFIED_FILE_MAX_BYTES },
    async (request) => {
      const code = parseVerificationRequest({ code: request.headers['x-code-verification'] });
      const pdf = request.body;
      if (!Buffer.isBuffer(pdf) || pdf.length === 0)
        throw new ValidationError('Choisissez le fichier PDF du document reçu.', {
          fichier: 'Choisissez le fichier PDF du document reçu.',
        });
      const { found, answer } = await verified(code);
      return {
        ...answer,
        fichier: await verifyDocumentFile({ eventStore, readStore }, found, pdf),
      };
    },
  );
};
