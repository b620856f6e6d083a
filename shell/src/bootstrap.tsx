import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';

/**
 * Renders the app, or on a page the gateway rendered (the root holds its markup) takes that markup
 * over: React attaches to it rather than building it again. Should the browser's first render
 * differ from the server's (a date in another time zone), React renders the page anew.
 */
export function renderApp(): void {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
