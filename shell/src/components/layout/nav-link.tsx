import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { SectionLink } from '../navigation/section-link';

interface NavLinkProps {
  href: string;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}

/** An internal link: in-page navigation for a route, scroll-into-view for a section (`#`). */
export function NavLink({ href, className, onNavigate, children }: NavLinkProps) {
  if (href.includes('#')) {
    return (
      <SectionLink href={href} className={className} onClick={onNavigate}>
        {children}
      </SectionLink>
    );
  }
  return (
    <RouteLink href={href} className={className} onNavigate={onNavigate}>
      {children}
    </RouteLink>
  );
}

/** A link to a route, marked as the current page while that route is shown. */
function RouteLink({ href, className, onNavigate, children }: NavLinkProps) {
  const [isCurrent] = useRoute(href);
  return (
    <Link href={href} className={className} onClick={onNavigate} aria-current={isCurrent ? 'page' : undefined}>
      {children}
    </Link>
  );
}
