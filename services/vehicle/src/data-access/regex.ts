/** Text to find as written inside a MongoDB $regex (a search's words may hold ".", "+", "("). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
