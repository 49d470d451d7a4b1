import type { DocumentStorage, EventStore, ReadStore, SignInLimiter } from '@examens-pro/platform';

/** What every module of command routes is given. */
export interface RouteDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly signInLimiter: SignInLimiter;
  /** Where uploaded images are kept (the documents' storage). */
  readonly storage?: DocumentStorage;
  /** Seals the signing certificate deposited (CERTIFICATE_KEY, else the session secret). */
  readonly certificateKey: string;
}
