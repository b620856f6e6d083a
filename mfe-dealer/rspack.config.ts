import { federatedApp } from '../tools/rspack/federated-app';
import { firstCalls } from './src/first-calls';

export default federatedApp({
  name: 'mfe_dealer',
  devPort: 3002,
  exposes: {
    './DealerLoginScreen': './src/exposes/dealer-login-screen.tsx',
    './DealerRegisterScreen': './src/exposes/dealer-register-screen.tsx',
    './DealerForgotPasswordScreen': './src/exposes/dealer-forgot-password-screen.tsx',
    './DealerDashboardScreen': './src/exposes/dealer-dashboard-screen.tsx',
    './DealerDealsScreen': './src/exposes/dealer-deals-screen.tsx',
    './VehicleDetailScreen': './src/exposes/vehicle-detail-screen.tsx',
    './SavedSearchUnsubscribeScreen': './src/exposes/saved-search-unsubscribe-screen.tsx',
  },
  firstCalls,
});
