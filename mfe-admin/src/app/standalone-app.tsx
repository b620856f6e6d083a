import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@cardirect/web/query';
import { Toaster } from '@cardirect/ui/toaster';
import { Link, Route, Switch } from 'wouter';
import AdminLoginScreen from '../exposes/admin-login-screen';
import AdminDashboardScreen from '../exposes/admin-dashboard-screen';

const queryClient = createQueryClient();

/** The remote on its own (nx serve): its exposed screens on the product's paths, for development. */
export function StandaloneApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <nav aria-label="Admin screens" className="border-b border-slate-200 p-4">
        <ul className="flex flex-wrap gap-4">
          <li><Link href="/admin/login" className="underline">Admin Login</Link></li>
          <li><Link href="/admin/dashboard" className="underline">Admin Dashboard</Link></li>
        </ul>
      </nav>
      <main>
        <Switch>
          <Route path="/admin/login" component={AdminLoginScreen} />
          <Route path="/admin/dashboard" component={AdminDashboardScreen} />
          <Route>
            <p className="p-8">Pick a screen above.</p>
          </Route>
        </Switch>
      </main>
      <Toaster />
    </QueryClientProvider>
  );
}
