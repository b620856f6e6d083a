import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@cardirect/web/query';
import { Toaster } from '@cardirect/ui/toaster';
import { Link, Route, Switch } from 'wouter';
import SubmitVehicleScreen from '../exposes/submit-vehicle-screen';
import SellerLoginScreen from '../exposes/seller-login-screen';
import SellerDashboardScreen from '../exposes/seller-dashboard-screen';

const queryClient = createQueryClient();

/** The remote on its own (nx serve): its exposed screens on the product's paths, for development. */
export function StandaloneApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <nav aria-label="Seller screens" className="border-b border-slate-200 p-4">
        <ul className="flex flex-wrap gap-4">
          <li><Link href="/submit-vehicle" className="underline">Submit Your Vehicle</Link></li>
          <li><Link href="/seller/login" className="underline">Seller Access</Link></li>
          <li><Link href="/seller/dashboard" className="underline">Seller Dashboard</Link></li>
        </ul>
      </nav>
      <main>
        <Switch>
          <Route path="/submit-vehicle" component={SubmitVehicleScreen} />
          <Route path="/seller/login" component={SellerLoginScreen} />
          <Route path="/seller/dashboard" component={SellerDashboardScreen} />
          <Route>
            <p className="p-8">Pick a screen above.</p>
          </Route>
        </Switch>
      </main>
      <Toaster />
    </QueryClientProvider>
  );
}
