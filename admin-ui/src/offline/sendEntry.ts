import { HttpError } from 'react-admin';
import type { CommandAnswer, ExamensDataProvider } from '../dashboard/dataProvider';
import { attachmentCommand } from '../resources/incidents/attachment';
import type { OutboxWiring } from './outbox';

/** What an attachment refused after its incident was recorded says, before the server's words. */
export const ATTACHMENT_REFUSED = 'Incident enregistré, mais sans sa pièce jointe : ';

/**
 * How a waiting entry is sent (#35): its command under the id it was given when typed
 * (`Idempotency-Key`), with `X-Saisi-Le` when it goes later than typed (the history says when it
 * was typed); then its attachment, if any, under an id of its own and the revision the command
 * answered (the incident's current one if it changed meanwhile). A recorded command is remembered
 * in the queue first, so that a new attempt sends only the attachment. An attachment refused
 * carries the recorded answer in its body (`enregistre`).
 */
export const entrySender =
  (dataProvider: ExamensDataProvider): OutboxWiring['send'] =>
  async (entry, file, recorded) => {
    const typed: Record<string, string> =
      Date.now() - Date.parse(entry.typedAt) > 2_000 ? { 'X-Saisi-Le': entry.typedAt } : {};
    const answer: Pick<CommandAnswer, 'id' | 'revision'> =
      entry.recorded ??
      (await dataProvider.command(entry.path, {
        data: entry.data,
        headers: { 'Idempotency-Key': entry.id, ...typed },
      }));
    const { attachment } = entry;
    if (!attachment) return answer;
    const done = { id: String(answer.id), revision: answer.revision };
    if (!entry.recorded) await recorded(done);
    const attach = (revision: number) =>
      dataProvider.command(attachmentCommand(entry.path, done.id), {
        file,
        revision,
        headers: {
          'Idempotency-Key': `${entry.id}.pj`,
          'X-Nom-Fichier': encodeURIComponent(attachment.name),
          ...typed,
        },
      });
    try {
      if (!file)
        throw new HttpError(
          'le fichier n’est plus sur cet appareil ; joignez-le depuis la fiche de l’incident.',
          400,
        );
      try {
        return await attach(done.revision);
      } catch (error) {
        // Someone moved its statut on meanwhile: the attachment is still this incident's.
        if (!(error instanceof HttpError && error.status === 412)) throw error;
        const { data } = await dataProvider.getOne(entry.path, { id: done.id });
        return await attach(Number(data.version));
      }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const body = (error.body ?? {}) as Record<string, unknown>;
      throw new HttpError(`${ATTACHMENT_REFUSED}${error.message}`, error.status, {
        ...body,
        enregistre: done,
      });
    }
  };
