import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { AccountActions } from './account-actions';
import { NavLink } from './nav-link';
import { headerLinks } from './nav-items';

/** The header's links on narrow screens: a toggle button and a panel that Escape or a tap outside closes. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const panelId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A navigation (link, back button) closes the menu.
  useEffect(() => setOpen(false), [location]);

  // A tap or click anywhere else on the page closes it, as people expect of a menu; the tap still
  // does what it does there.
  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (event.target instanceof Node && menuRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open]);

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    setOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <div ref={menuRef} className="lg:hidden" onKeyDown={closeOnEscape}>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="inline-flex h-11 items-center gap-2 rounded-md px-3 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span aria-hidden="true" className="text-xl leading-none">
          {open ? '✕' : '☰'}
        </span>
        Menu
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg sm:px-6"
      >
        <nav aria-label="Main menu">
          <ul className="grid gap-1 py-2">
            {headerLinks.map((link) => (
              <li key={link.href}>
                <NavLink
                  href={link.href}
                  onNavigate={() => setOpen(false)}
                  className="block rounded-md px-3 py-3 font-medium text-slate-800 hover:bg-slate-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <AccountActions className="border-t border-slate-200 pt-3" onNavigate={() => setOpen(false)} />
      </div>
    </div>
  );
}
