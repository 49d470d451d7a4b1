import { randomUUID } from 'node:crypto';
import {
  candidatureDecider,
  dossierNumber,
  parseCandidature,
  type Actor,
  type CandidatureCommand,
  type Decider,
  type DomainEvent,
  type EventEnvelope,
  type RegistrationFacts,
} from '@examens-pro/domain';
import { DEMO_NOMS, DEMO_PRENOMS_F } from '@examens-pro/embedded';
import { toEnvelopes } from '@examens-pro/platform';

/**
 * What the exam benches write in bulk instead of going through HTTP: the events a decider decides
 * for a list of commands (each command its own id), and the `i`-th dossier of a session validated
 * and allocated, as the candidature decider decides it.
 */
export const decidedEnvelopes = <Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  commands: readonly Command[],
  actor: Actor,
  now: string,
): EventEnvelope[] => {
  let state = decider.initialState();
  const envelopes: EventEnvelope[] = [];
  for (const command of commands) {
    const events = decider.decide(command, state);
    for (const event of events) state = decider.evolve(state, event);
    envelopes.push(...toEnvelopes(events, { commandId: randomUUID(), actor, now }));
  }
  return envelopes;
};

const FACTS: RegistrationFacts = {
  registrationOpen: true,
  deadlinePassed: false,
  modifiableAfterValidation: false,
  compositionStarted: false,
};

/**
 * The `i`-th free candidate of a session (names from the demo's lists, born from 1970 on, a phone
 * of its own), created, submitted, validated and allocated to `siteId` with its numbers: its id,
 * its parsed fields and the events of its stream.
 */
export const allocatedDossier = (
  i: number,
  placed: {
    readonly sessionId: string;
    readonly metierId: string;
    readonly centreDepotId: string;
    readonly niveauId: string;
    readonly siteId: string;
    readonly numeroCandidat: string;
    readonly numeroTable: number;
  },
  actor: Actor,
  now: string,
) => {
  const candidatureId = randomUUID();
  const details = parseCandidature(
    {
      sessionId: placed.sessionId,
      metierId: placed.metierId,
      centreDepotId: placed.centreDepotId,
      categorie: 'libre',
      nom: DEMO_NOMS[i % DEMO_NOMS.length],
      prenoms: `${DEMO_PRENOMS_F[(i * 7) % DEMO_PRENOMS_F.length]} Numéro`,
      sexe: i % 2 ? 'M' : 'F',
      dateNaissance: new Date(Date.UTC(1970, 0, 1) + (i % 12_000) * 86_400_000)
        .toISOString()
        .slice(0, 10),
      lieuNaissance: 'Yaoundé',
      nationalite: 'Camerounaise',
      telephone: `6${String(70_000_000 + i).slice(-8)}`,
      niveauId: placed.niveauId,
    },
    { now },
  );
  const commands: CandidatureCommand[] = [
    {
      type: 'CreateCandidature',
      data: {
        candidatureId,
        numeroDossier: dossierNumber('CQP27', i + 1),
        ...details,
        facts: FACTS,
        piecesDemandees: [],
        montantDu: null,
      },
    },
    { type: 'SubmitCandidature', data: { candidatureId, facts: FACTS } },
    { type: 'ValidateCandidature', data: { candidatureId, facts: FACTS, pieces: [], frais: null } },
    {
      type: 'AllocateCandidature',
      data: {
        candidatureId,
        siteId: placed.siteId,
        numeroCandidat: placed.numeroCandidat,
        numeroTable: placed.numeroTable,
        facts: { compositionStarted: false },
      },
    },
  ];
  return {
    candidatureId,
    details,
    envelopes: decidedEnvelopes(candidatureDecider, commands, actor, now),
  };
};
