import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { scrollToSection } from '../navigation/scroll-to-section';
import { Footer } from './footer';
import { Header } from './header';

/** Header and footer around every route, a skip link, and scrolling that follows navigation. */
export function MainLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();

  // A new page starts at its top, unless the address names a section of it.
  useEffect(() => {
    const scrollToTop = () => window.scrollTo(0, 0);
    const sectionId = window.location.hash.slice(1);
    if (sectionId) scrollToSection(sectionId, scrollToTop);
    else scrollToTop();
  }, [location]);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-brand-500"
      >
        Skip to main content
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the first screen, so a page whose content
          arrives after the first paint (a dashboard's cards) pushes nothing the reader saw down
          (Lighthouse measured a layout shift of 0.65 on the dealer dashboard from the footer). */}
      <main id="main-content" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
