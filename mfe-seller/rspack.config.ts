import { federatedApp } from '../tools/rspack/federated-app';
import { firstCalls } from './src/first-calls';

export default federatedApp({
  name: 'mfe_seller',
  devPort: 3001,
  exposes: {
    './SubmitVehicleScreen': './src/exposes/submit-vehicle-screen.tsx',
    './SellerLoginScreen': './src/exposes/seller-login-screen.tsx',
    './SellerDashboardScreen': './src/exposes/seller-dashboard-screen.tsx',
    './ListingConfirmationScreen': './src/exposes/listing-confirmation-screen.tsx',
  },
  firstCalls,
});
