import type { Option, VpicAnswer, VpicModel, VpicTrim } from '@cardirect/contracts';
import { ApiError, isApiError } from '@cardirect/web';

/** Model options: the catalogue's name as label, stored lower case (spec section 3). */
export function modelOptionsOf(answer: VpicAnswer<VpicModel>): Option[] {
  return answer.Results.map((model) => ({ value: model.Model_Name.toLowerCase(), label: model.Model_Name }));
}

/** Trim options: stored as the catalogue writes them. */
export function trimOptionsOf(answer: VpicAnswer<VpicTrim>): Option[] {
  return answer.Results.map((trim) => ({ value: trim.Trim_Name, label: trim.Trim_Name }));
}

/**
 * The spec's fetch errors ('Failed to fetch models', ...) for a non-OK answer; the answer itself
 * stays as the cause for the console. A network failure keeps its own error.
 */
export async function failingAs<T>(message: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error)) throw new CatalogueCallError(message, error);
    throw error;
  }
}

export class CatalogueCallError extends Error {
  override readonly name = 'CatalogueCallError';

  constructor(message: string, readonly answer: ApiError) {
    super(message, { cause: answer });
  }
}
