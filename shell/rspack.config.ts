import { federatedApp } from '../tools/rspack/federated-app';

export default federatedApp({
  name: 'shell',
  devPort: 3000,
  // In production the gateway answers /config/remotes.json; in development the remotes' own servers.
  devRemoteMap: {
    mfe_seller: 'http://localhost:3001/mf-manifest.json',
    mfe_dealer: 'http://localhost:3002/mf-manifest.json',
    mfe_admin: 'http://localhost:3003/mf-manifest.json',
  },
});
