import type { ReactNode } from 'react';
import { Link } from 'wouter';
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
    <Link href={href} className={className} onClick={onNavigate}>
      {children}
    </Link>
  );
}
