import {
  fold,
  SIGNED_DOCUMENT_REASON,
  SIGNING_CERTIFICATE_CATEGORY,
  SIGNING_CERTIFICATE_ID,
  signingCertificateDecider,
  streamName,
  SYSTEM_ACTOR,
  ConcurrencyError,
  type CertificateDescription,
  type CurrentCertificate,
  type SigningCertificateEvent,
} from '@examens-pro/domain';
import {
  assertCertificateUsable,
  CertificateError,
  handleCommand,
  makeDemonstrationCertificate,
  openSealedCertificate,
  sealCertificate,
  signPdf,
  type CertificateBundle,
  type CertificateSummary,
  type EventStore,
} from '@examens-pro/platform';

const STREAM = streamName(SIGNING_CERTIFICATE_CATEGORY, SIGNING_CERTIFICATE_ID);
/** The demonstration certificate's organisation (its « CN »: « Examens Pro — certificat de démonstration »). */
const DEMONSTRATION_ORGANISATION = 'Examens Pro';

/** A certificate's summary in the event's words (French field names). */
export const describeCertificate = (summary: CertificateSummary): CertificateDescription => ({
  sujet: summary.subject,
  emetteur: summary.issuer,
  valideDu: summary.validFrom,
  valideAu: summary.validTo,
  empreinte: summary.fingerprint,
  numeroSerie: summary.serialNumber,
});

const currentOf = async (eventStore: EventStore): Promise<CurrentCertificate | null> =>
  fold(
    signingCertificateDecider,
    (await eventStore.readStream(STREAM)) as unknown as SigningCertificateEvent[],
  ).current;

/**
 * Makes the demonstration certificate once (at the first start of the product, or of a worker):
 * nothing when a certificate is there. Two processes starting together append one certificate:
 * the second finds the stream written (its append conflicts) and reads it.
 */
export const ensureSigningCertificate = async (
  eventStore: EventStore,
  certificateKey: string,
  now: Date = new Date(),
): Promise<CurrentCertificate> => {
  const existing = await currentOf(eventStore);
  if (existing) return existing;
  const made = makeDemonstrationCertificate(now, DEMONSTRATION_ORGANISATION);
  try {
    await handleCommand(eventStore, {
      stream: STREAM,
      decider: signingCertificateDecider,
      command: {
        type: 'CreateDemonstrationCertificate',
        data: {
          ...describeCertificate(made.summary),
          scelle: sealCertificate(certificateKey, made),
        },
      },
      context: {
        commandId: 'certificat-demonstration',
        actor: SYSTEM_ACTOR,
        now: now.toISOString(),
      },
      expectedRevision: -1,
    });
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
  }
  return (await currentOf(eventStore))!;
};

/** The certificate in service, opened, ready to sign. */
export interface UsableCertificate {
  readonly certificate: CurrentCertificate;
  readonly bundle: CertificateBundle;
}

/**
 * The certificate documents are signed with now (the demonstration one made if none is there yet),
 * opened. Refuses in French a revoked or expired certificate: the document then fails with that
 * reason, before any page is drawn.
 */
export const usableSigningCertificate = async (
  eventStore: EventStore,
  certificateKey: string,
  now: Date = new Date(),
): Promise<UsableCertificate> => {
  const certificate = await ensureSigningCertificate(eventStore, certificateKey, now);
  if (certificate.revoque)
    throw new CertificateError(
      'Le certificat de signature a été révoqué : déposez-en un nouveau (Configuration → Signataires) avant de générer ce document.',
    );
  const bundle = openSealedCertificate(certificateKey, certificate.scelle);
  assertCertificateUsable(bundle, now);
  return { certificate, bundle };
};

/** Signs a finished PDF with that certificate, at the document's own date (PAdES B-B). */
export const signDocument = (
  pdf: Buffer,
  { certificate, bundle }: UsableCertificate,
  signingTime: Date,
): Promise<Buffer> =>
  signPdf(pdf, bundle, signingTime, {
    reason: certificate.demonstration
      ? `${SIGNED_DOCUMENT_REASON} (certificat de démonstration)`
      : SIGNED_DOCUMENT_REASON,
    location: 'Bureau des examens',
    contactInfo: 'Verification : page /diplomes du site des examens',
  });
