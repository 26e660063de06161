import { InvalidInputError, NotFoundError } from '../../errors';

export function notFound(message: string): NotFoundError {
  return new NotFoundError(message);
}

export function badRequest(message: string): InvalidInputError {
  return new InvalidInputError(message);
}
