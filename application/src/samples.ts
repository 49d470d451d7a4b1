import type { DocumentStorage, EventStore, ReadStore } from '@examens-pro/platform';
import { admissionDecisions } from './admission/samples.js';
import { allocationRuns } from './allocation/samples.js';
import { maintenance, profiles, signInJournal, users } from './accounts/samples.js';
import { attestations } from './certificates/samples.js';
import { deliberations, minutes } from './deliberation/samples.js';
import { documents } from './documents/samples.js';
import { grades } from './grades/samples.js';
import { examIncidents, incidents } from './incidents/samples.js';
import { onlinePayments, paymentStatements } from './payments/samples.js';
import { geography, metiers, referenceLists } from './reference-lists/samples.js';
import { bulkRuns, candidatures, personLists } from './registration/samples.js';
import { StoryScope, type AggregateSamples } from './sampleScope.js';
import { sessions } from './sessions/samples.js';

// Samples live beside their area (`<area>/samples.ts`, one per area of docs/glossary.md), assembled
// here. They are fixtures of the crash tests and benches, exported as `@examens-pro/application/samples`
// only, never from the package's index.
export type { AggregateSamples } from './sampleScope.js';

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
  bulkRuns,
  allocationRuns,
  incidents,
  examIncidents,
  grades,
  deliberations,
  minutes,
  admissionDecisions,
  attestations,
  onlinePayments,
  paymentStatements,
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
