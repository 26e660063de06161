// The domain's failures, in its own words. Services, auth/, http/, pdf/ and mail/ throw these; they know no
// transport. trpc/errors.ts is the one place that turns them into tRPC errors and HTTP statuses.

/** What kind of failure it is; the message is the exact text a user is shown. */
export type DomainErrorKind = 'invalidInput' | 'unauthorized' | 'forbidden' | 'notFound' | 'conflict' | 'retryLater';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The input names something that does not exist or breaks a rule (400). */
export class InvalidInputError extends DomainError {
  constructor(message: string) {
    super('invalidInput', message);
  }
}

/** Nobody is signed in, or the credentials are wrong (401). */
export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super('unauthorized', message);
  }
}

/** Signed in, but not allowed (403). */
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

/** No such thing, or not the caller's to see (404). */
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('notFound', message);
  }
}

/** The thing exists but its state refuses the change (409). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super('conflict', message);
  }
}

/** Too much at once: the caller may come back after `retryAfterSeconds` (429 with Retry-After). */
export class RetryLaterError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super('retryLater', message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
