import '../styles/remote.css';
import { useDocumentTitle } from '@cardirect/web';
import { ListingConfirmation } from '../features/listing-confirmation/components/listing-confirmation';

export default function ListingConfirmationScreen() {
  useDocumentTitle('Confirm your listing');
  return <ListingConfirmation />;
}
