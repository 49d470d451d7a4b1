import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { DirectoryDocumentStorage } from '../documents/storage.js';
import { outboxFile, outboxMailer, smtpMailer, type MailMessage } from './mailer.js';

/** A local SMTP sink: every message it receives, raw. */
let sink: SMTPServer;
let port: number;
const received: { to: string[]; raw: Buffer }[] = [];

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  port = (sink.server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => sink.close(() => resolve())));

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const message: MailMessage = {
  to: ['listes.mfoundi@minefop.test', 'chef.mfoundi@minefop.test'],
  subject: 'Liste d’émargement — Département : Mfoundi',
  text: 'Bonjour,\n\nVeuillez trouver ci-joint la liste d’émargement.',
  attachments: [
    {
      fileName: 'liste-emargement-departement-mfoundi.pdf',
      contentType: 'application/pdf',
      content: () => Readable.from([PDF]),
    },
  ],
};

describe('the mail port', () => {
  it('sends through SMTP: every address, the French subject and text, the PDF attached', async () => {
    const receipt = await smtpMailer(
      `smtp://127.0.0.1:${port}`,
      'Examens Pro <envoi@examens.test>',
    ).send(message, 'doc-1');
    expect(receipt.envoi).toBe('smtp');
    expect(receipt.reference).toMatch(/@/);
    expect(received).toHaveLength(1);
    expect(received[0]!.to.sort()).toEqual([...message.to].sort());
    const parsed = await simpleParser(received[0]!.raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Examens Pro', address: 'envoi@examens.test' }]);
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['liste-emargement-departement-mfoundi.pdf', 'application/pdf'],
    ]);
    expect(parsed.attachments[0]!.content.equals(PDF)).toBe(true);
  });

  it('fails loudly when the SMTP server cannot be reached', async () => {
    await expect(smtpMailer('smtp://127.0.0.1:1').send(message, 'doc-2')).rejects.toThrow();
  });

  it('writes to the outbox instead in the embedded mode: one .eml per message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boite-'));
    const storage = new DirectoryDocumentStorage(dir);
    const receipt = await outboxMailer(storage).send(message, 'doc-3');
    expect(receipt).toEqual({ envoi: 'boite-envoi', reference: outboxFile('doc-3') });
    const parsed = await simpleParser(readFileSync(join(dir, outboxFile('doc-3'))));
    expect(parsed.subject).toBe(message.subject);
    expect(
      (Array.isArray(parsed.to) ? parsed.to : [parsed.to]).map((t) => t?.text).join(', '),
    ).toBe('listes.mfoundi@minefop.test, chef.mfoundi@minefop.test');
    expect(parsed.attachments[0]!.content.equals(PDF)).toBe(true);
  });
});
