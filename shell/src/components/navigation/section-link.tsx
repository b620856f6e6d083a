import type { ComponentProps, MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { scrollToSection } from './scroll-to-section';

function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A link to a section of a page (`/#how-it-works`, `/dealer/register#benefits`). A plain click
 * stays in the page: it changes route if needed and scrolls to the section; a modified click
 * (new tab, new window) is left to the browser.
 */
export function SectionLink({ href, onClick, ...props }: ComponentProps<'a'> & { href: string }) {
  const [location, navigate] = useLocation();
  const [path, sectionId = ''] = href.split('#');

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || isModifiedClick(event)) return;
    event.preventDefault();
    // Another page: the layout scrolls once the route has changed. This page: scroll now.
    if (location.toLowerCase() !== path.toLowerCase()) return navigate(href);
    history.pushState(history.state, '', href);
    scrollToSection(sectionId);
  }

  return <a href={href} onClick={handleClick} {...props} />;
}
