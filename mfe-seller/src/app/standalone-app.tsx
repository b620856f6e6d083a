import { Toaster } from '@cardirect/ui/toaster';
import { StandaloneScreens, type StandaloneScreen } from '@cardirect/web/standalone';
import SubmitVehicleScreen from '../exposes/submit-vehicle-screen';
import SellerLoginScreen from '../exposes/seller-login-screen';
import SellerDashboardScreen from '../exposes/seller-dashboard-screen';
import ListingConfirmationScreen from '../exposes/listing-confirmation-screen';

const screens: StandaloneScreen[] = [
  { title: 'Submit Your Vehicle', path: '/submit-vehicle', component: SubmitVehicleScreen },
  { title: 'Seller Access', path: '/seller/login', component: SellerLoginScreen },
  { title: 'Seller Dashboard', path: '/seller/dashboard', component: SellerDashboardScreen },
  { title: 'Confirm your listing', path: '/seller/confirm-listing', component: ListingConfirmationScreen },
];

/** The remote on its own (nx serve): its exposed screens on the product's paths, for development. */
export function StandaloneApp() {
  return (
    <StandaloneScreens label="Seller screens" screens={screens}>
      <Toaster />
    </StandaloneScreens>
  );
}
