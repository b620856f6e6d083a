import { Link } from 'wouter';
import { AccountActions } from './account-actions';
import { MobileMenu } from './mobile-menu';
import { NavLink } from './nav-link';
import { headerLinks } from './nav-items';

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="rounded-md text-xl font-extrabold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500">
          Car<span className="text-brand-600">Direct</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {headerLinks.map((link) => (
              <li key={link.href}>
                <NavLink
                  href={link.href}
                  className="rounded-md px-3 py-2 font-medium text-slate-700 hover:text-brand-700 aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:underline-offset-8 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <AccountActions className="hidden lg:flex" />
        <MobileMenu />
      </div>
    </header>
  );
}
