import { MainLayout } from '../components/layout/main-layout';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The whole app. */
export function App() {
  return (
    <AppProvider>
      <MainLayout>
        <AppRoutes />
      </MainLayout>
    </AppProvider>
  );
}
