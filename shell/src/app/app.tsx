import type { PageLocation } from '../features/remotes/remote-registry';
import { MainLayout } from '../components/layout/main-layout';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The whole app; `serverLocation` is the address of a page the server renders (shell/src/server). */
export function App({ serverLocation }: { serverLocation?: PageLocation }) {
  return (
    <AppProvider serverLocation={serverLocation}>
      <MainLayout>
        <AppRoutes />
      </MainLayout>
    </AppProvider>
  );
}
