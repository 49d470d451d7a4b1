import { createHash } from 'node:crypto';
import {
  documentsCollection,
  fileVerdict,
  fold,
  SIGNED_DOCUMENT_REASON,
  SIGNING_CERTIFICATE_CATEGORY,
  SIGNING_CERTIFICATE_ID,
  signingCertificateDecider,
  streamName,
  SYSTEM_ACTOR,
  ConcurrencyError,
  ValidationError,
  type CommandContext,
  type RecordedEvent,
  type CertificateDescription,
  type CurrentCertificate,
  type SigningCertificateView,
  type AttestationDocument,
  type DocumentDocument,
  type FileVerification,
  type SignerStatus,
  type SigningCertificateCommand,
  type SigningCertificateEvent,
} from '@examens-pro/domain';
import {
  assertCertificateUsable,
  CertificateError,
  handleCommand,
  makeDemonstrationCertificate,
  newId,
  openCertificate,
  openSealedCertificate,
  sealCertificate,
  signPdf,
  verifyPdfSignature,
  type CertificateBundle,
  type CertificateSummary,
  type CommandAnswer,
  type EventStore,
  type ReadStore,
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

/** A new demonstration certificate, sealed, as the command that records it. */
const demonstrationCommand = (
  certificateKey: string,
  now: Date,
  remplace: boolean,
): SigningCertificateCommand => {
  const made = makeDemonstrationCertificate(now, DEMONSTRATION_ORGANISATION);
  return {
    type: 'CreateDemonstrationCertificate',
    data: {
      ...describeCertificate(made.summary),
      scelle: sealCertificate(certificateKey, made),
      ...(remplace ? { remplace } : {}),
    },
  };
};

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
  try {
    await handleCommand(eventStore, {
      stream: STREAM,
      decider: signingCertificateDecider,
      command: demonstrationCommand(certificateKey, now, false),
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

/** A new demonstration certificate in place of one this server's key cannot open. */
const renewDemonstrationCertificate = async (
  eventStore: EventStore,
  certificateKey: string,
  now: Date,
): Promise<CurrentCertificate> => {
  const outcome = await handleCommand(eventStore, {
    stream: STREAM,
    decider: signingCertificateDecider,
    command: demonstrationCommand(certificateKey, now, true),
    context: { commandId: newId(), actor: SYSTEM_ACTOR, now: now.toISOString() },
  });
  return outcome.state.current!;
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
  let bundle: CertificateBundle;
  try {
    bundle = openSealedCertificate(certificateKey, certificate.scelle);
  } catch (error) {
    // A demonstration certificate sealed under another key (a restored backup): a new one.
    if (!certificate.demonstration) throw error;
    const renewed = await renewDemonstrationCertificate(eventStore, certificateKey, now);
    return { certificate: renewed, bundle: openSealedCertificate(certificateKey, renewed.scelle) };
  }
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

/** The largest PKCS#12 file accepted: a key and a chain of a few certificates. */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;

/**
 * Deposits the office's certificate (« Certificat de signature du document »): the file opened with
 * its password (French 400s: not a PKCS#12, wrong password, no private key, expired or not yet
 * valid), then kept sealed; it signs every document from then on. The same certificate again changes
 * nothing; a certificate once revoked is refused.
 */
export const depositSigningCertificate = async (
  eventStore: EventStore,
  certificateKey: string,
  file: { p12: Buffer; passphrase: string; nomFichier: string },
  context: CommandContext,
): Promise<CommandAnswer & { numero: number; nouveau: boolean }> => {
  const refuse = (message: string): never => {
    throw new ValidationError(message, { fichier: message });
  };
  if (file.p12.length === 0) refuse('Choisissez le fichier du certificat (.p12 ou .pfx).');
  if (file.p12.length > CERTIFICATE_MAX_BYTES)
    refuse('Le fichier du certificat dépasse 64 Ko : ce n’est pas un certificat de signature.');
  let summary: CertificateSummary;
  try {
    const bundle = { p12: file.p12, passphrase: file.passphrase };
    summary = openCertificate(bundle).summary;
    assertCertificateUsable(bundle, new Date(context.now));
  } catch (error) {
    if (!(error instanceof CertificateError)) throw error;
    const field = /mot de passe/.test(error.message) ? 'motDePasse' : 'fichier';
    throw new ValidationError(error.message, { [field]: error.message });
  }
  const outcome = await handleCommand(eventStore, {
    stream: STREAM,
    decider: signingCertificateDecider,
    command: {
      type: 'DepositSigningCertificate',
      data: {
        ...describeCertificate(summary),
        scelle: sealCertificate(certificateKey, file),
        nomFichier: file.nomFichier,
      },
    },
    context,
  });
  return {
    id: SIGNING_CERTIFICATE_ID,
    revision: outcome.revision,
    position: outcome.position,
    numero: outcome.state.current!.numero,
    nouveau: outcome.events.length > 0,
  };
};

/** Revokes the certificate in service (its fingerprint as shown, and why): it signs nothing more. */
export const revokeSigningCertificate = async (
  eventStore: EventStore,
  data: { empreinte: string; motif: string },
  context: CommandContext,
): Promise<CommandAnswer> => {
  const outcome = await handleCommand(eventStore, {
    stream: STREAM,
    decider: signingCertificateDecider,
    command: { type: 'RevokeSigningCertificate', data },
    context,
  });
  return { id: SIGNING_CERTIFICATE_ID, revision: outcome.revision, position: outcome.position };
};

export const signingCertificateView = async (
  eventStore: EventStore,
): Promise<SigningCertificateView | null> => {
  const events = (await eventStore.readStream(
    STREAM,
  )) as unknown as RecordedEvent<SigningCertificateEvent>[];
  const state = fold(signingCertificateDecider, events as unknown as SigningCertificateEvent[]);
  if (!state.current) return null;
  const made = events.filter(
    (e) => e.type === 'SigningCertificateCreated' || e.type === 'SigningCertificateDeposited',
  );
  const last = made[made.length - 1]!;
  const revocation = state.current.revoque
    ? (events[events.length - 1]!.data as { motif?: string }).motif
    : undefined;
  const { scelle: _sealed, ...current } = state.current;
  return {
    ...current,
    motifRevocation: revocation ?? null,
    nomFichier: (last.data as { nomFichier?: string }).nomFichier ?? null,
    deposeLe: last.metadata.at,
    deposePar: last.metadata.actor.name,
  };
};

/** Every certificate the office ever signed with, by fingerprint: demonstration, revoked or not. */
export const officeCertificates = async (
  eventStore: EventStore,
): Promise<Map<string, SignerStatus>> => {
  const known = new Map<string, SignerStatus>();
  for (const event of (await eventStore.readStream(STREAM)) as unknown as SigningCertificateEvent[])
    if (event.type === 'SigningCertificateRevoked') known.set(event.data.empreinte, 'revoque');
    else known.set(event.data.empreinte, event.data.demonstration ? 'demonstration' : 'bureau');
  return known;
};

/**
 * `/diplomes`' file check: the PDF a visitor was given, beside its attestation's code — its
 * signature checked by itself, the certificate matched against the office's, its SHA-256 against
 * the documents generated with that attestation or diploma (the latest of its kind, or replaced
 * since). The file is read in memory only, never stored.
 */
export const verifyDocumentFile = async (
  { eventStore, readStore }: { eventStore: EventStore; readStore: ReadStore },
  attestation: Pick<AttestationDocument, 'attestations' | 'diplomes'>,
  pdf: Buffer,
): Promise<FileVerification> => {
  const [check, certificates] = await Promise.all([
    verifyPdfSignature(pdf),
    officeCertificates(eventStore),
  ]);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const issued = await readStore
    .collection<DocumentDocument>(documentsCollection)
    .getMany([...attestation.attestations, ...attestation.diplomes]);
  // An unchanged document made again has the same bytes: the file is current if any of its
  // copies is the latest of its kind.
  const matches = issued.filter((d) => d.sha256 === sha256);
  const latest = (d: DocumentDocument) => {
    const ofKind = d.kind === 'diplomes' ? attestation.diplomes : attestation.attestations;
    return ofKind[ofKind.length - 1] === d.id;
  };
  return fileVerdict({
    signe: check.signed,
    valide: check.valid,
    entier: check.wholeFile,
    certificat: check.fingerprint ? (certificates.get(check.fingerprint) ?? 'inconnu') : null,
    titulaire: check.subject ?? null,
    delivreSousCeCode: matches.length > 0,
    remplace: matches.length > 0 && !matches.some(latest),
  });
};
