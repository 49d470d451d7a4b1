import type { FastifyPluginAsync } from 'fastify';
import { ValidationError, type RouteId } from '@examens-pro/domain';
import {
  CERTIFICATE_MAX_BYTES,
  depositSigningCertificate,
  revokeSigningCertificate,
} from '@examens-pro/application';
import { answerWith, commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

/** « Configuration → Signataires »: the screen that shows and changes the signing certificate. */
const SIGNATAIRES: RouteId = 'configuration/signataires';

const text = (body: unknown, field: string): string => {
  const value = (body as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value : '';
};

/**
 * The office's signing certificate (`/api/certificat-signature`), under « Configurer les
 * signataires »:
 * - POST `/ { fichier: <PKCS#12 en base64>, motDePasse, nomFichier }` → 201 `{ numero }` (200 when
 *   it is the certificate in service again); a French 400 on the field at fault otherwise. The
 *   password is never stored nor logged in clear: the file and it are sealed in the event.
 * - POST `/revocation { empreinte, motif }` → 200: the certificate in service signs nothing more.
 */
export const signingCertificateRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, certificateKey },
) => {
  commandRoute(app, {
    method: 'POST',
    url: '/',
    route: SIGNATAIRES,
    access: 'write',
    // The file in base64 (4/3 of its bytes) and a few fields.
    bodyLimit: Math.ceil((CERTIFICATE_MAX_BYTES * 4) / 3) + 4096,
    input: (body) => {
      const encoded = text(body, 'fichier').replace(/^data:[^,]*,/, '');
      const p12 = /^[A-Za-z0-9+/=\s]*$/.test(encoded)
        ? Buffer.from(encoded, 'base64')
        : Buffer.alloc(0);
      if (p12.length === 0) {
        const message = 'Choisissez le fichier du certificat (.p12 ou .pfx).';
        throw new ValidationError(message, { fichier: message });
      }
      const nomFichier = text(body, 'nomFichier').trim().slice(0, 200) || 'certificat.p12';
      return { p12, passphrase: text(body, 'motDePasse'), nomFichier };
    },
    run: async ({ input, context }) => {
      const { nouveau, ...answer } = await depositSigningCertificate(
        eventStore,
        certificateKey,
        input,
        context,
      );
      return answerWith(nouveau ? 201 : 200, answer);
    },
  });

  commandRoute(app, {
    method: 'POST',
    url: '/revocation',
    route: SIGNATAIRES,
    access: 'write',
    status: 200,
    input: (body) => ({ empreinte: text(body, 'empreinte'), motif: text(body, 'motif') }),
    run: ({ input, context }) => revokeSigningCertificate(eventStore, input, context),
  });
};
