/**
 * Scrolls to the element a URL fragment names (and opens it, if it is a collapsed question).
 * Screens of remotes arrive a moment after the route changes, so the element is looked for again
 * for a short while; if it never appears, `whenMissing` runs instead.
 */
export function scrollToSection(id: string, whenMissing: () => void = () => undefined, attemptsLeft = 20): void {
  const target = document.getElementById(decodeURIComponent(id));
  if (!target) {
    if (attemptsLeft > 0) setTimeout(() => scrollToSection(id, whenMissing, attemptsLeft - 1), 100);
    else whenMissing();
    return;
  }
  if (target instanceof HTMLDetailsElement) target.open = true;
  target.scrollIntoView();
  // Keyboard and screen-reader users continue from the section they asked for.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
