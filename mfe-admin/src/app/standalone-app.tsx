import { Toaster } from '@cardirect/ui/toaster';
import { StandaloneScreens, type StandaloneScreen } from '@cardirect/web/standalone';
import AdminLoginScreen from '../exposes/admin-login-screen';
import AdminDashboardScreen from '../exposes/admin-dashboard-screen';
import AdminVehicleDetailScreen from '../exposes/admin-vehicle-detail-screen';

const screens: StandaloneScreen[] = [
  { title: 'Admin Login', path: '/admin/login', component: AdminLoginScreen },
  { title: 'Admin Dashboard', path: '/admin/dashboard', component: AdminDashboardScreen },
  // The dashboard's cards link to real cars; this link only shows the page's not-found state.
  { title: 'Vehicle Detail', path: '/vehicles/:id', href: '/vehicles/not-a-car', component: AdminVehicleDetailScreen },
];

/** The remote on its own (nx serve): its exposed screens on the product's paths, for development. */
export function StandaloneApp() {
  return (
    <StandaloneScreens label="Admin screens" screens={screens}>
      <Toaster />
    </StandaloneScreens>
  );
}
