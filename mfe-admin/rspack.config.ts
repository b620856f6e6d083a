import { federatedApp } from '../tools/rspack/federated-app';
import { firstCalls } from './src/first-calls';

export default federatedApp({
  name: 'mfe_admin',
  devPort: 3003,
  exposes: {
    './AdminLoginScreen': './src/exposes/admin-login-screen.tsx',
    './AdminDashboardScreen': './src/exposes/admin-dashboard-screen.tsx',
    './AdminVehicleDetailScreen': './src/exposes/admin-vehicle-detail-screen.tsx',
  },
  firstCalls,
});
