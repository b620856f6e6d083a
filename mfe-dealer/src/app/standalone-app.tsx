import { Toaster } from '@cardirect/ui/toaster';
import { StandaloneScreens, type StandaloneScreen } from '@cardirect/web/standalone';
import DealerLoginScreen from '../exposes/dealer-login-screen';
import DealerRegisterScreen from '../exposes/dealer-register-screen';
import DealerForgotPasswordScreen from '../exposes/dealer-forgot-password-screen';
import DealerDashboardScreen from '../exposes/dealer-dashboard-screen';
import VehicleDetailScreen from '../exposes/vehicle-detail-screen';
import SavedSearchUnsubscribeScreen from '../exposes/saved-search-unsubscribe-screen';

const screens: StandaloneScreen[] = [
  { title: 'Dealer Login', path: '/dealer/login', component: DealerLoginScreen },
  { title: 'Dealer Registration', path: '/dealer/register', component: DealerRegisterScreen },
  { title: 'Forgot Password', path: '/dealer/forgot-password', component: DealerForgotPasswordScreen },
  { title: 'Dealer Dashboard', path: '/dealer/dashboard', component: DealerDashboardScreen },
  { title: 'Vehicle Detail', path: '/vehicles/:id', href: '/vehicles/1', component: VehicleDetailScreen },
  { title: 'Saved Search Unsubscribe', path: '/dealer/saved-searches/unsubscribe', component: SavedSearchUnsubscribeScreen },
];

/** The remote on its own (nx serve): its exposed screens on the product's paths, for development. */
export function StandaloneApp() {
  return (
    <StandaloneScreens label="Dealer screens" screens={screens}>
      <Toaster />
    </StandaloneScreens>
  );
}
