import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@cardirect/web/query';
import { Toaster } from '@cardirect/ui/toaster';
import { Link, Route, Switch } from 'wouter';
import DealerLoginScreen from '../exposes/dealer-login-screen';
import DealerRegisterScreen from '../exposes/dealer-register-screen';
import DealerForgotPasswordScreen from '../exposes/dealer-forgot-password-screen';
import DealerDashboardScreen from '../exposes/dealer-dashboard-screen';
import VehicleDetailScreen from '../exposes/vehicle-detail-screen';

const queryClient = createQueryClient();

/** The remote on its own (nx serve): its exposed screens on the product's paths, for development. */
export function StandaloneApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <nav aria-label="Dealer screens" className="border-b border-slate-200 p-4">
        <ul className="flex flex-wrap gap-4">
          <li><Link href="/dealer/login" className="underline">Dealer Login</Link></li>
          <li><Link href="/dealer/register" className="underline">Dealer Registration</Link></li>
          <li><Link href="/dealer/forgot-password" className="underline">Forgot Password</Link></li>
          <li><Link href="/dealer/dashboard" className="underline">Dealer Dashboard</Link></li>
          <li><Link href="/vehicles/1" className="underline">Vehicle Detail</Link></li>
        </ul>
      </nav>
      <main>
        <Switch>
          <Route path="/dealer/login" component={DealerLoginScreen} />
          <Route path="/dealer/register" component={DealerRegisterScreen} />
          <Route path="/dealer/forgot-password" component={DealerForgotPasswordScreen} />
          <Route path="/dealer/dashboard" component={DealerDashboardScreen} />
          <Route path="/vehicles/:id" component={VehicleDetailScreen} />
          <Route>
            <p className="p-8">Pick a screen above.</p>
          </Route>
        </Switch>
      </main>
      <Toaster />
    </QueryClientProvider>
  );
}
