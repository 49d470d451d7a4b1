import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '@examens-pro/domain';
import { signingCertificateView } from '@examens-pro/application';
import type { EventStore } from '@examens-pro/platform';
import { readers } from '../readers.js';

/**
 * GET `/api/certificat-signature` (« Configurer les signataires »): the certificate documents are
 * signed with — subject, issuer, validity, fingerprint, whether a demonstration one or revoked —,
 * never its file or password. Read from its one short stream: what was just deposited shows at once.
 */
export const signingCertificateQueryRoutes: FastifyPluginAsync<{
  readonly eventStore: EventStore;
}> = async (app, { eventStore }) => {
  app.get('/', readers('configuration/signataires'), async () => {
    const view = await signingCertificateView(eventStore);
    if (!view)
      throw new NotFoundError(
        'Aucun certificat de signature pour l’instant : le certificat de démonstration est créé au démarrage.',
      );
    return view;
  });
};
