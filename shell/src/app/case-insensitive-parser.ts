import { parse } from 'regexparam';
import type { Parser } from 'wouter';

/** wouter's own pattern syntax (named, optional and wildcard parameters), matched regardless of case as the spec asks. */
export const caseInsensitiveParser: Parser = (route, loose) => {
  const { pattern, keys } = parse(route, loose);
  return { pattern: new RegExp(pattern.source, 'i'), keys };
};
