import {
  DOCUMENT_CATEGORY,
  DOCUMENT_KINDS,
  documentDecider,
  isSignedDocument,
  signatureMention,
  documentFileName,
  formatDateTimeIn,
  listCollection,
  referenceList,
  SENT_TO_DEPARTEMENT,
  type CommandContext,
  type ReadModelDocument,
  fold,
  READ_RESOURCES,
  streamName,
  type Actor,
  type DocumentKind,
  type DocumentTarget,
  type ExamListKind,
} from '@examens-pro/domain';
import {
  officeTimeZone,
  outboxMailer,
  type Mailer,
  handleCommand,
  waitForProjections,
  type DocumentStorage,
  type EventStore,
  type JobContext,
  type ReadStore,
} from '@examens-pro/platform';
import {
  convocationSource,
  signDocument,
  usableSigningCertificate,
} from '@examens-pro/application';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { renderMetiersList } from '../reference-lists/metiersList.js';
import { renderExamList } from '../allocation/examLists.js';
import { renderGradeSheets } from '../grades/gradeSheets.js';
import { renderAdmissionExtraction } from '../admission/admissionExtraction.js';
import { renderConvocationsOffThread } from '../pdf/renderThread.js';
import { renderDecisionDocument } from '../admission/admissionDecision.js';
import { renderMinutesDocument } from '../deliberation/minutes.js';
import { renderAttestationDocument } from '../certificates/attestationDocuments.js';

export const DOCUMENT_WORKER: Actor = {
  id: 'generateur-documents',
  name: 'Générateur de documents',
};
/** Tries per document before its failure is recorded. */
export const DOCUMENT_ATTEMPTS = 3;

export interface GenerateDocumentData {
  readonly documentId: string;
  readonly kind: DocumentKind;
  /** What it is made of, for a kind that has a target (the exam lists). */
  readonly cible?: DocumentTarget;
  /** The DocumentRequested event: the cause of the outcome event. */
  readonly requestEventId: string;
  /** Its position: the read models a document shows must have reached it (what staff saw when asking). */
  readonly requestPosition: string;
}

/** The projections that write a read resource. */
const projectionsOf = (resource: string): readonly string[] =>
  READ_RESOURCES.find((r) => r.name === resource)?.projections ?? [];

/** Projections each kind of document reads from. */
const EXAM_LISTS_READ = [
  ...projectionsOf('candidatures'),
  ...projectionsOf('sites-composition'),
  ...projectionsOf('sessions'),
];
const ATTESTATIONS_READ = [
  ...projectionsOf('attestations'),
  ...projectionsOf('resultats'),
  ...projectionsOf('sessions'),
  ...projectionsOf('metiers'),
  ...projectionsOf('signataires'),
];
const READS: Record<DocumentKind, readonly string[]> = {
  'liste-metiers': projectionsOf('metiers'),
  'liste-emargement': EXAM_LISTS_READ,
  'liste-porte': EXAM_LISTS_READ,
  convocations: [...EXAM_LISTS_READ, ...projectionsOf('epreuves')],
  'fiches-notes': [...EXAM_LISTS_READ, ...projectionsOf('epreuves'), ...projectionsOf('notes')],
  'proces-verbal': [
    ...projectionsOf('resultats'),
    ...projectionsOf('deliberations'),
    ...projectionsOf('sessions'),
    ...projectionsOf('jurys'),
  ],
  'extraction-admis': [...projectionsOf('resultats'), ...projectionsOf('sessions')],
  // A signed decision reads its own events; a draft the results, lists and decisions of now.
  'decision-admission': [
    ...projectionsOf('resultats'),
    ...projectionsOf('visas'),
    ...projectionsOf('jurys'),
    ...projectionsOf('candidatures'),
  ],
  // The admitted candidates' documents: their results, codes, names and the signatories.
  attestations: ATTESTATIONS_READ,
  diplomes: ATTESTATIONS_READ,
};

type Renderer = (
  out: Writable,
  progress: (percent: number) => Promise<void>,
  cible: DocumentTarget | undefined,
  /** The job's request (attestations issue codes and record prints on behalf of its author). */
  job: GenerateDocumentData,
) => Promise<Rendered>;

/**
 * A rendered document: its pages, and its own date when it has one (an attestation's issue, a
 * decision's signature), which its signature bears: an unchanged document signs the same again.
 */
interface Rendered {
  readonly pages: number;
  readonly date?: Date;
}

export interface DocumentDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly storage: DocumentStorage;
  /** Where a département's lists are sent (default: the outbox in the documents' storage). */
  readonly mailer?: Mailer;
  readonly now?: () => Date;
  /** Opens the sealed signing certificate (`Ports.certificateKey`). */
  readonly certificateKey: string;
  /** What a signed document prints of its signature (set per document by `generateDocument`). */
  readonly mention?: string;
}

/** The clock a document prints (« éditée le … »): the deps' own, else the machine's. */
const clockOf =
  (deps: DocumentDeps): (() => Date) =>
  () =>
    (deps.now ?? (() => new Date()))();

/** How each kind of document is rendered, from the read models (convocations off the main thread). */
export const documentRenderers = (deps: DocumentDeps): Record<DocumentKind, Renderer> => {
  const now = clockOf(deps);
  const examList =
    (kind: ExamListKind): Renderer =>
    (out, progress, cible) => {
      if (!cible) throw new Error('document sans cible');
      return renderExamList(out, deps.readStore, kind, cible, now(), progress);
    };
  return {
    'liste-metiers': (out, progress) => renderMetiersList(out, deps.readStore, now(), progress),
    'liste-emargement': examList('liste-emargement'),
    'liste-porte': examList('liste-porte'),
    'extraction-admis': (out, progress, cible) => {
      if (!cible) throw new Error('document sans cible');
      return renderAdmissionExtraction(out, deps.readStore, cible, now(), progress);
    },
    'proces-verbal': (out, progress, cible) => {
      if (!cible) throw new Error('document sans cible');
      return renderMinutesDocument(out, deps.readStore, cible, now(), progress, deps.mention);
    },
    'decision-admission': (out, progress, cible) => {
      if (!cible) throw new Error('document sans cible');
      return renderDecisionDocument(out, deps, cible, now(), progress, deps.mention);
    },
    'fiches-notes': (out, progress, cible) => {
      if (!cible) throw new Error('document sans cible');
      return renderGradeSheets(out, deps.readStore, cible, now(), progress);
    },
    attestations: (out, progress, cible, job) =>
      renderAttestationDocument(
        out,
        deps,
        { ...job, kind: 'attestations', cible },
        progress,
        deps.mention,
      ),
    diplomes: (out, progress, cible, job) =>
      renderAttestationDocument(
        out,
        deps,
        { ...job, kind: 'diplomes', cible },
        progress,
        deps.mention,
      ),
    convocations: async (out, progress, cible) => {
      if (!cible) throw new Error('document sans cible');
      const source = await convocationSource(deps.readStore, cible);
      return renderConvocationsOffThread(out, {
        editedAt: now(),
        total: source.total,
        pages: source.pages(),
        onProgress: progress,
      });
    },
  };
};

/**
 * A département's lists go to its addresses (« E-mails par département »), the PDF attached, once
 * (`DocumentSent`); a département without addresses receives nothing.
 */
export const sendToDepartement = async (
  deps: DocumentDeps & { readonly mailer: Mailer },
  data: GenerateDocumentData,
  context: (suffix: string) => CommandContext,
): Promise<void> => {
  const departementId = data.cible?.departementId;
  if (!departementId || !SENT_TO_DEPARTEMENT.includes(data.kind)) return;
  const { items } = await deps.readStore
    .collection<ReadModelDocument & { emails?: unknown }>(
      listCollection(referenceList('emails-departements')!),
    )
    .list({ filter: { departementId, actif: true }, limit: 50 });
  const to = [
    ...new Set(
      items.flatMap((item) =>
        (Array.isArray(item.emails) ? item.emails : String(item.emails ?? '').split(/[,;]/))
          .map((address) => String(address).trim())
          .filter(Boolean),
      ),
    ),
  ];
  if (to.length === 0) return;
  const label = `${DOCUMENT_KINDS[data.kind].label} — ${data.cible!.libelle}`;
  const fileName = documentFileName(data.kind, data.cible);
  const receipt = await deps.mailer.send(
    {
      to,
      subject: label,
      text: [
        'Bonjour,',
        '',
        `Veuillez trouver ci-joint : ${label}, éditée le ${formatDateTimeIn(clockOf(deps)(), officeTimeZone())}.`,
        '',
        'Ce message est envoyé automatiquement par Examens Pro ; merci de ne pas y répondre.',
      ].join('\n'),
      attachments: [
        {
          fileName,
          contentType: 'application/pdf',
          content: () => deps.storage.read(`${data.documentId}.pdf`),
        },
      ],
    },
    data.documentId,
  );
  await handleCommand(deps.eventStore, {
    stream: streamName(DOCUMENT_CATEGORY, data.documentId),
    decider: documentDecider,
    command: {
      type: 'RecordDocumentSent',
      data: { documentId: data.documentId, destinataires: to, ...receipt },
    },
    context: context('envoi'),
  });
};

/**
 * Makes one requested document: renders it into storage, then records `DocumentGenerated` with its
 * SHA-256. Idempotent: a document already generated is left alone; the last failed try records
 * `DocumentFailed` with the reason staff will read.
 */
/**
 * Renders into memory, then signs: the signature covers the whole finished file. A merged file
 * (a département's attestations) is one document with one signature, as its pages were printed
 * together; pdfkit holds most of a document until its end anyway.
 */
const renderSigned = async (
  out: Writable,
  render: (into: Writable) => Promise<Rendered>,
  sign: (pdf: Buffer, rendered: Rendered) => Promise<Buffer>,
): Promise<Rendered> => {
  const chunks: Buffer[] = [];
  const memory = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const rendered = await render(memory);
  if (!memory.writableEnded) memory.end();
  await finished(memory);
  out.end(await sign(Buffer.concat(chunks), rendered));
  return rendered;
};

export const generateDocument = (deps: DocumentDeps) => {
  const sending = { ...deps, mailer: deps.mailer ?? outboxMailer(deps.storage) };
  return async (job: JobContext): Promise<unknown> => {
    const data = job.data as GenerateDocumentData;
    const stream = streamName(DOCUMENT_CATEGORY, data.documentId);
    const state = fold(documentDecider, (await deps.eventStore.readStream(stream)) as never);
    const context = (suffix: string) => ({
      commandId: `${job.id}-${suffix}`,
      causationId: data.requestEventId,
      actor: DOCUMENT_WORKER,
      now: new Date().toISOString(),
    });
    // Generated before a crash, not sent yet: only the sending is left.
    if (state.status === 'generated' && !state.sent) {
      await sendToDepartement(sending, data, context);
      return { deja: state.status };
    }
    if (state.status !== 'requested') return { deja: state.status };
    try {
      if (
        !(await waitForProjections(deps.readStore, READS[data.kind], data.requestPosition, 30_000))
      ) {
        throw new Error('les données ne sont pas encore à jour, nouvel essai plus tard');
      }
      // One instant for the whole document: printed on it, and its signature's time (unless it
      // has a date of its own).
      const editedAt = clockOf(deps)();
      // A revoked or expired certificate refuses before any page is drawn.
      const signing = isSignedDocument(data.kind, data.cible)
        ? await usableSigningCertificate(deps.eventStore, deps.certificateKey)
        : undefined;
      const renderer = documentRenderers({
        ...deps,
        now: () => editedAt,
        ...(signing ? { mention: signatureMention(signing.certificate) } : {}),
      })[data.kind];
      const render = (out: Writable) =>
        renderer(out, (percent) => job.progress(percent), data.cible, data);
      let pages = 0;
      const file = await deps.storage.write(`${data.documentId}.pdf`, async (out) => {
        pages = signing
          ? (
              await renderSigned(out, render, (pdf, rendered) =>
                signDocument(pdf, signing, rendered.date ?? editedAt),
              )
            ).pages
          : (await render(out)).pages;
      });
      await handleCommand(deps.eventStore, {
        stream,
        decider: documentDecider,
        command: {
          type: 'RecordDocumentGenerated',
          data: {
            documentId: data.documentId,
            fileName: documentFileName(data.kind, data.cible),
            sha256: file.sha256,
            size: file.size,
            pages,
            ...(signing
              ? {
                  signature: {
                    numero: signing.certificate.numero,
                    empreinte: signing.certificate.empreinte,
                    demonstration: signing.certificate.demonstration,
                  },
                }
              : {}),
          },
        },
        context: context('genere'),
      });
      await sendToDepartement(sending, data, context);
      await job.progress(100);
      return { pages, sha256: file.sha256 };
    } catch (error) {
      if (job.attempt >= DOCUMENT_ATTEMPTS) {
        await handleCommand(deps.eventStore, {
          stream,
          decider: documentDecider,
          command: {
            type: 'RecordDocumentFailed',
            data: {
              documentId: data.documentId,
              reason: `Génération impossible : ${(error as Error).message}`,
            },
          },
          context: context('echec'),
        });
      }
      throw error;
    }
  };
};
