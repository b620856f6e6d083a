/**
 * Scrolls to the element a URL fragment names. Screens of remotes arrive a moment after the
 * route changes, so the element is looked for again for a short while before giving up.
 */
export function scrollToSection(id: string, attemptsLeft = 20): void {
  const target = document.getElementById(decodeURIComponent(id));
  if (target) {
    target.scrollIntoView();
    // Keyboard and screen-reader users continue from the section they asked for.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  } else if (attemptsLeft > 0) {
    setTimeout(() => scrollToSection(id, attemptsLeft - 1), 100);
  }
}
