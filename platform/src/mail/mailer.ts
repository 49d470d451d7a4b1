import nodemailer from 'nodemailer';
import type { Readable } from 'node:stream';
import type { DocumentStorage } from '../documents/storage.js';

/** A message the product sends (notices to the départements' addresses). */
export interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly attachments?: readonly {
    readonly fileName: string;
    readonly contentType: string;
    readonly content: () => Readable;
  }[];
}

/** Where a message went: the SMTP server (its message id) or the outbox (its file). */
export interface MailReceipt {
  readonly envoi: 'smtp' | 'boite-envoi';
  readonly reference: string;
}

/** The mail port: SMTP in production, an outbox folder in the embedded mode. */
export interface Mailer {
  send(message: MailMessage, key: string): Promise<MailReceipt>;
}

export const DEFAULT_MAIL_FROM = 'Examens Pro <ne-pas-repondre@examens-pro.local>';

const mailOf = (message: MailMessage, from: string) => ({
  from,
  to: [...message.to],
  subject: message.subject,
  text: message.text,
  attachments: (message.attachments ?? []).map((a) => ({
    filename: a.fileName,
    contentType: a.contentType,
    content: a.content(),
  })),
});

/** SMTP through nodemailer (`SMTP_URL`: smtp://user:password@host:port, smtps://…). */
export const smtpMailer = (url: string, from = DEFAULT_MAIL_FROM): Mailer => {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      const info = await transport.sendMail(mailOf(message, from));
      return { envoi: 'smtp', reference: String(info.messageId ?? '') };
    },
  };
};

/** The outbox file of a message: `courriel-<key>.eml` in the documents' storage. */
export const outboxFile = (key: string): string => `courriel-${key}.eml`;

/**
 * The embedded mode's outbox: each message written as an RFC 822 file (`courriel-<key>.eml`,
 * readable by any mail client) in the documents' storage, shown on a screen instead of sent.
 */
export const outboxMailer = (storage: DocumentStorage, from = DEFAULT_MAIL_FROM): Mailer => {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message, key) {
      const info = await transport.sendMail(mailOf(message, from));
      const bytes = info.message as unknown as Buffer;
      const file = outboxFile(key);
      await storage.write(file, async (out) => {
        await new Promise<void>((resolve, reject) =>
          out.end(bytes, () => resolve()).on('error', reject),
        );
      });
      return { envoi: 'boite-envoi', reference: file };
    },
  };
};

/** SMTP_URL set → SMTP, otherwise the outbox in the documents' storage. */
export const openMailer = (
  storage: DocumentStorage,
  env: NodeJS.ProcessEnv = process.env,
): Mailer =>
  env.SMTP_URL
    ? smtpMailer(env.SMTP_URL, env.MAIL_FROM || DEFAULT_MAIL_FROM)
    : outboxMailer(storage, env.MAIL_FROM || DEFAULT_MAIL_FROM);
