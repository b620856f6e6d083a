import type { ErrorBody } from '@cardirect/contracts';

/**
 * A non-OK answer of the API. Its message is the spec's `'{status}: {response body or status
 * text}'`; `body` is the JSON error body of ARCHITECTURE.md section 2 when the server sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
    bodyOrStatusText: string,
  ) {
    super(`${status}: ${bodyOrStatusText}`);
  }

  /** Field name → message, as the server's validation gave them (empty when there are none). */
  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A failed call's messages by field, as the server's validation gave them; none for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fieldErrors : {};
}

/** Builds the ApiError of an answer from its status and body text. */
export function apiErrorOf(status: number, statusText: string, bodyText: string): ApiError {
  return new ApiError(status, parseErrorBody(bodyText), bodyText || statusText);
}

function parseErrorBody(text: string): ErrorBody | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as ErrorBody).message === 'string') return parsed as ErrorBody;
  } catch {
    // Not JSON (a proxy's HTML page, say): the text itself stays in the message.
  }
  return undefined;
}

const unreachableMessage = 'Could not reach CarDirect. Check your connection and try again.';

/**
 * The sentence a person reads in a toast for a failed call: the server's own message
 * ('Invalid email or password'), a plain sentence when the network failed, else the fallback
 * the spec gives for that toast.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.body?.message || fallback;
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return unreachableMessage;
  return error instanceof Error && error.message ? error.message : fallback;
}
