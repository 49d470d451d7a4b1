import type { DocumentStorage, EventStore, ReadStore } from '@examens-pro/platform';
import { admissionDecisions } from './samples/admission.js';
import { allocationRuns } from './samples/allocation.js';
import { maintenance, profiles, signInJournal, users } from './samples/accounts.js';
import { attestations } from './samples/certificates.js';
import { deliberations, minutes } from './samples/deliberation.js';
import { documents } from './samples/documents.js';
import { grades } from './samples/grades.js';
import { examIncidents, incidents } from './samples/incidents.js';
import { onlinePayments } from './samples/payments.js';
import { geography, metiers, referenceLists } from './samples/reference-lists.js';
import { candidatures, personLists } from './samples/registration.js';
import { StoryScope, type AggregateSamples } from './samples/scope.js';
import { sessions } from './samples/sessions.js';

// Samples live beside their area: one file per area of docs/glossary.md in samples/, assembled here.
export type { AggregateSamples } from './samples/scope.js';

/** The registry: every aggregate whose commands the product has, with its stories. */
export const SAMPLES: readonly AggregateSamples[] = [
  geography,
  referenceLists,
  metiers,
  sessions,
  profiles,
  users,
  documents,
  maintenance,
  signInJournal,
  candidatures,
  personLists,
  allocationRuns,
  incidents,
  examIncidents,
  grades,
  deliberations,
  minutes,
  admissionDecisions,
  attestations,
  onlinePayments,
];

/** The stories' scope, whose items on demand are made by the registry's aggregates. */
export class SampleScope extends StoryScope {
  constructor(
    eventStore: EventStore,
    readStore: ReadStore,
    storage: DocumentStorage,
    seed = 1,
    registry: readonly AggregateSamples[] = SAMPLES,
  ) {
    super(eventStore, readStore, storage, seed, registry);
  }
}
