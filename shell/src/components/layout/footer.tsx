import { site } from '../../config/site';
import { footerGroups } from './footer-links';
import { NavLink } from './nav-link';

const linkClasses = 'rounded-sm hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        {footerGroups.map((group) => (
          <section key={group.id} aria-labelledby={`footer-${group.id}`}>
            <h2 id={`footer-${group.id}`} className="text-sm font-semibold tracking-wider text-white uppercase">
              {group.title}
            </h2>
            <ul className="mt-4 grid gap-2">
              {group.links.map((link) => (
                <li key={link.href}>
                  <NavLink href={link.href} className={linkClasses}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <SocialLinks />
      </div>
      <p className="border-t border-slate-800 px-4 py-6 text-center text-sm text-slate-400">
        © {new Date().getFullYear()} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}

function SocialLinks() {
  return (
    <section aria-labelledby="footer-follow-us">
      <h2 id="footer-follow-us" className="text-sm font-semibold tracking-wider text-white uppercase">
        Follow Us
      </h2>
      <ul className="mt-4 grid gap-2">
        {site.socialLinks.map((social) => (
          <li key={social.name}>
            <a href={social.href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
              {social.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
