import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { scrollToSection } from '../navigation/scroll-to-section';
import { Footer } from './footer';
import { Header } from './header';
import { useHydrated } from './use-hydrated';

/** Header and footer around every route, a skip link, and scrolling that follows navigation. */
export function MainLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const hydrated = useHydrated();
  const tookOverServerPage = useRef(!hydrated);

  // A new page starts at its top, unless the address names a section of it. A page the server
  // rendered was shown (and maybe scrolled) before the app took it over: the browser placed it.
  useEffect(() => {
    if (tookOverServerPage.current) {
      tookOverServerPage.current = false;
      return;
    }
    const scrollToTop = () => window.scrollTo(0, 0);
    const sectionId = window.location.hash.slice(1);
    if (sectionId) scrollToSection(sectionId, scrollToTop);
    else scrollToTop();
  }, [location]);

  return (
    // A page the server rendered is shown before the app has taken it over; until then nothing in
    // it would respond, so it takes no clicks, keys or focus (inert), and none is lost.
    <div inert={!hydrated} className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-brand-500"
      >
        Skip to main content
      </a>
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
