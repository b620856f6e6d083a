import { useDocumentTitle } from '@cardirect/web';

export function LandingRoute() {
  useDocumentTitle('Sell Your Car Directly to Dealers');
  return <h1>Sell Your Car Directly to Dealers</h1>;
}
