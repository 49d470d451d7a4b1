import {
  DELIBERATION_EVENT_TYPES,
  deliberationDocumentAfter,
  deliberationsCollection,
  DELIBERATIONS_PROJECTION,
  formatMark,
  resultDocument,
  resultEpreuveIndexes,
  resultEpreuvesCollection,
  resultMarkLines,
  resultsCollection,
  RESULTS_PROJECTION,
  withResultEpreuves,
  type CandidatureIdentityCorrected,
  type DeliberationDocument,
  type DeliberationEvent,
  type FrozenResult,
  type MarkModified,
  type RecordedEvent,
  type ResultDocument,
  type ResultEpreuvesDocument,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, documentBefore } from '../support.js';

/** « Résultats et PV »: each jury's deliberation (statut, overrides, counts). */
export const deliberationsProjection: Projection = {
  name: DELIBERATIONS_PROJECTION,
  version: 1,
  collections: [deliberationsCollection],
  // Not the frozen results themselves (the `resultats` projection's): the jury's counts come with
  // its closing.
  eventTypes: DELIBERATION_EVENT_TYPES.filter((type) => type !== 'DeliberationResultsFrozen'),
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<DeliberationEvent>;
    const current = await documentBefore<DeliberationDocument>(
      context,
      deliberationsCollection,
      event.data.juryId,
      event,
    );
    if (current === ALREADY_SEEN) return;
    context.put(deliberationsCollection, deliberationDocumentAfter(current, event));
  },
};

const IDENTITY_FIELDS: Record<string, string> = {
  nom: 'Nom',
  prenoms: 'Prénoms',
  sexe: 'Sexe',
  dateNaissance: 'Date de naissance',
  lieuNaissance: 'Lieu de naissance',
};

/**
 * The deliberated candidates: one document per candidate, written when the jury closes, replaced
 * by a re-deliberation. A grade change through a dispute, or an identity correction, after closing
 * marks it « à redélibérer » (the result itself never moves without a re-deliberation).
 */
export const resultsProjection: Projection = {
  name: RESULTS_PROJECTION,
  // 2: marks stored compact, the jury's épreuves once in `resultats_epreuves`; fewer indexes.
  version: 2,
  collections: [resultEpreuvesCollection, resultsCollection],
  eventTypes: [...DELIBERATION_EVENT_TYPES, 'MarkModified', 'CandidatureIdentityCorrected'],
  async apply(recorded, context) {
    const at = { closLe: recorded.metadata.at, closPar: recorded.metadata.actor.name };
    /** The jury's épreuves with those of `results` (written when one is new), and their indexes. */
    const epreuvesOf = async (juryId: string, results: readonly FrozenResult[]) => {
      const current = await context.get<ResultEpreuvesDocument>(resultEpreuvesCollection, juryId);
      const next = withResultEpreuves(current, juryId, results, recorded.revision);
      if (next !== current) context.put(resultEpreuvesCollection, next);
      return resultEpreuveIndexes(next);
    };
    switch (recorded.type) {
      case 'DeliberationResultsFrozen': {
        const event = recorded as RecordedEvent<
          Extract<DeliberationEvent, { type: 'DeliberationResultsFrozen' }>
        >;
        const { juryId, sessionId, numeroArrete, dateArrete } = event.data;
        const indexes = await epreuvesOf(juryId, event.data.resultats);
        // Written once per closing; a redelivery writes the same documents again.
        for (const result of event.data.resultats)
          context.put(
            resultsCollection,
            resultDocument(
              result,
              { juryId, sessionId, numeroArrete, dateArrete },
              event,
              at,
              null,
              indexes,
            ),
          );
        return;
      }
      case 'CandidateRedeliberated': {
        const event = recorded as RecordedEvent<
          Extract<DeliberationEvent, { type: 'CandidateRedeliberated' }>
        >;
        const { candidatureId, apres, rangs } = event.data;
        const current = await context.get<ResultDocument>(resultsCollection, candidatureId);
        if (!current || current.version >= event.revision) return;
        const indexes = await epreuvesOf(current.juryId, [apres]);
        context.put(resultsCollection, {
          ...resultDocument(
            apres,
            {
              juryId: current.juryId,
              sessionId: current.sessionId,
              numeroArrete: current.numeroArrete,
              dateArrete: current.dateArrete,
            },
            event,
            { closLe: current.closLe, closPar: current.closPar },
            current,
            indexes,
          ),
          revisions: [],
        });
        for (const { candidatureId: other, rang } of rangs) {
          const doc = await context.get<ResultDocument>(resultsCollection, other);
          if (doc && doc.version < event.revision)
            context.put(resultsCollection, { ...doc, rang, version: event.revision });
        }
        return;
      }
      case 'MarkModified': {
        const event = recorded as RecordedEvent<MarkModified>;
        if (event.data.origine !== 'contentieux') return;
        const current = await context.get<ResultDocument>(
          resultsCollection,
          event.data.candidatureId,
        );
        if (!current || current.revisions.some((r) => r.evenement === event.id)) return;
        const epreuves = await context.get<ResultEpreuvesDocument>(
          resultEpreuvesCollection,
          current.juryId,
        );
        const line = resultMarkLines(current, epreuves).find(
          (n) => n.epreuveId === event.data.epreuveId,
        );
        context.put(resultsCollection, {
          ...current,
          aRedeliberer: true,
          revisions: [
            ...current.revisions,
            {
              evenement: event.id,
              objet: 'note',
              detail: `${line?.libelle ?? 'Épreuve'} : ${formatMark(event.data.de)} → ${formatMark(event.data.vers)} (${event.data.motif})`,
              le: event.metadata.at,
              par: event.metadata.actor.name,
            },
          ],
        });
        return;
      }
      case 'CandidatureIdentityCorrected': {
        const event = recorded as RecordedEvent<CandidatureIdentityCorrected>;
        const current = await context.get<ResultDocument>(
          resultsCollection,
          event.data.candidatureId,
        );
        if (!current || current.revisions.some((r) => r.evenement === event.id)) return;
        const avant = event.data.avant as Record<string, unknown>;
        const apres = event.data.apres as Record<string, unknown>;
        const changed = Object.keys(IDENTITY_FIELDS)
          .filter((f) => JSON.stringify(avant[f]) !== JSON.stringify(apres[f]))
          .map(
            (f) => `${IDENTITY_FIELDS[f]} : ${String(avant[f] ?? '')} → ${String(apres[f] ?? '')}`,
          );
        context.put(resultsCollection, {
          ...current,
          aRedeliberer: true,
          revisions: [
            ...current.revisions,
            {
              evenement: event.id,
              objet: 'identite',
              detail: changed.join(' ; ') || 'Identité corrigée',
              le: event.metadata.at,
              par: event.metadata.actor.name,
            },
          ],
        });
        return;
      }
      default:
        return;
    }
  },
};
