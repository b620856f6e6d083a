/**
 * An error whose message is safe to show to the user. The error handler answers it as
 * `{ message, errors? }` with its status; every other error becomes a 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Seconds the client should wait before retrying (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function badRequest(errors: Record<string, string>, message = 'Validation failed'): AppError {
  return new AppError(400, message, errors);
}

export function unauthorized(message = 'Authentication required'): AppError {
  return new AppError(401, message);
}

export function forbidden(message = 'You do not have permission to do this'): AppError {
  return new AppError(403, message);
}

export function notFound(message = 'Not found'): AppError {
  return new AppError(404, message);
}

export function conflict(message: string): AppError {
  return new AppError(409, message);
}

export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, message, undefined, retryAfterSeconds);
}

export function serviceUnavailable(message = 'Service unavailable'): AppError {
  return new AppError(503, message);
}
