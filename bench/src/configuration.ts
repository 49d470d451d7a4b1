import { ensureGeography, listCommands, sessionCommands } from '@examens-pro/application';
import {
  DEFAULT_GEOGRAPHY,
  geographyCode,
  parseListItem,
  referenceList,
  type Actor,
  type CommandContext,
  type SessionStatus,
} from '@examens-pro/domain';
import { eventIdFor, type EventStore, type ReadStore } from '@examens-pro/platform';

/**
 * What the benches configure before they measure, through the product's own commands (codes
 * reserved, references checked): the geography, list items with deterministic ids, and a session
 * « CQP session 2027 » open for registration with its paramètres d'édition (dossiers CQP27-…).
 */
export const benchConfiguration = async (
  eventStore: EventStore,
  readStore: ReadStore,
  actor: Actor,
) => {
  const now = new Date().toISOString();
  const context = (commandId: string): CommandContext => ({ commandId, actor, now });
  await ensureGeography(eventStore, readStore, { actor, now });
  const departementIds = DEFAULT_GEOGRAPHY.flatMap(({ departements }) =>
    departements.map((name) => eventIdFor(`geographie-departements-${geographyCode(name)}`, 0)),
  );
  /** One item of a reference list, its id derived from its list and code. */
  const item = async (list: string, code: string, libelle: string, values: object = {}) => {
    const id = eventIdFor(`mesure-${list}-${code}`, 0);
    const definition = referenceList(list)!;
    const command = context(`mesure-${list}-${code}`);
    await listCommands(eventStore, readStore, definition).create(
      id,
      parseListItem(definition, { code, libelle, ...values }, command),
      command,
    );
    return id;
  };
  const sessions = sessionCommands(eventStore);
  /** The session `key` of `examenId`, open for registration; `advance` takes it further. */
  const openSession = async (key: string, examenId: string) => {
    const sessionId = eventIdFor(key, 0);
    let { revision } = await sessions.create(
      sessionId,
      {
        examenId,
        annee: 2027,
        libelle: 'CQP session 2027',
        ouvertureInscriptions: '2026-10-01',
        clotureInscriptions: '2027-02-26',
        debutComposition: '2027-06-14',
        finComposition: '2027-06-18',
      },
      context(key),
    );
    const advance = async (statut: SessionStatus) => {
      revision = (await sessions.advance(sessionId, statut, revision, context(`${key}-${statut}`)))
        .revision;
    };
    await advance('inscriptions-ouvertes');
    await item('parametres-edition', `${key}-PE`, 'Édition des dossiers CQP 2027', {
      sessionId,
      dateLimiteModification: '2099-12-31',
      prefixeDossier: 'CQP27',
    });
    return { sessionId, advance };
  };
  return { now, context, departementIds, item, openSession };
};
