/**
 * Typed errors carry their HTTP meaning; services map them to a status, never the reverse.
 * Messages are French: they are what staff read.
 */
export type FieldErrors = Record<string, string>;

export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly status = 400;
  readonly code: string = 'validation';
  constructor(
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
}

/**
 * A file refused for what it would become once read: an archive inflating past its limit (whatever
 * sizes it declares), an image of too many pixels. Nothing of it is kept.
 */
export class FileTooLargeError extends ValidationError {
  override readonly code = 'fichier-trop-volumineux';
  constructor(message: string, field = 'fichier') {
    super(message, { [field]: message });
  }
}

export class UnauthenticatedError extends DomainError {
  readonly status = 401;
  readonly code: string = 'non-authentifie';
  constructor(message = 'Vous devez vous connecter pour effectuer cette action.') {
    super(message);
  }
}

export class SessionExpiredError extends UnauthenticatedError {
  override readonly code = 'session-expiree';
  constructor(message = 'Votre session a expiré. Veuillez vous reconnecter.') {
    super(message);
  }
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = 'interdit';
  constructor(message = 'Vous n’avez pas la permission d’effectuer cette action.') {
    super(message);
  }
}

/** A state change without a valid CSRF token (403, as the contracts say). */
export class CsrfError extends DomainError {
  readonly status = 403;
  readonly code = 'csrf';
  constructor(
    message = 'Jeton de sécurité (CSRF) absent ou invalide : rechargez la page et réessayez.',
  ) {
    super(message);
  }
}

/** A user whose is_change_password is 0 may do nothing but change it (seed §2). */
export class PasswordChangeRequiredError extends DomainError {
  readonly status = 403;
  readonly code = 'mot-de-passe-a-changer';
  constructor(message = 'Vous devez d’abord changer votre mot de passe.') {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  readonly code = 'introuvable';
  constructor(message = 'Élément introuvable.') {
    super(message);
  }
}

export const DUPLICATE_CODE_MESSAGE = 'Ce code existe déjà.';

export class DuplicateError extends DomainError {
  readonly status = 409;
  readonly code = 'doublon';
  constructor(
    message = DUPLICATE_CODE_MESSAGE,
    readonly field = 'code',
  ) {
    super(message);
  }
}

/** Same 409 status, a different reason: the item exists but the rules refuse the change (e.g. in use). */
export class ConflictError extends DomainError {
  readonly status = 409;
  readonly code = 'conflit';
}

export const CONCURRENT_CHANGE_MESSAGE =
  'Cet élément a été modifié entre-temps. Rechargez la page et réessayez.';

export class ConcurrencyError extends DomainError {
  readonly status = 412;
  readonly code = 'modification-concurrente';
  constructor(message = CONCURRENT_CHANGE_MESSAGE) {
    super(message);
  }
}

export class PreconditionRequiredError extends DomainError {
  readonly status = 428;
  readonly code = 'version-requise';
  constructor(
    message = 'La version de l’élément est requise (en-tête If-Match). Rechargez la page et réessayez.',
  ) {
    super(message);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
