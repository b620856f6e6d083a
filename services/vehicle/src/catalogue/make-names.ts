import { REFERENCE_MAKES } from '@cardirect/contracts';

/**
 * The names a make parameter may stand for, most likely first. The forms send lowercase slugs
 * (`mercedes`, `honda`), vPIC answers carry names (`Mercedes-Benz`, `Land Rover`): a reference
 * slug maps to its label, and a multi-word slug may use hyphens for spaces.
 */
export function candidateMakeNames(makeParam: string): string[] {
  const typed = makeParam.trim();
  if (!typed) return [];
  const referenceLabel = REFERENCE_MAKES.find((make) => make.value === typed.toLowerCase())?.label;
  const withSpaces = typed.replaceAll('-', ' ');
  return [...new Set([referenceLabel, typed, withSpaces].filter((name): name is string => Boolean(name)))];
}
