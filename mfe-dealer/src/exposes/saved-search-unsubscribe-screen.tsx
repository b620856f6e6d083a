import '../styles/remote.css';
import { useDocumentTitle } from '@cardirect/web';
import { SavedSearchUnsubscribe } from '../features/saved-searches/components/saved-search-unsubscribe';

/** `/dealer/saved-searches/unsubscribe#token=…`, a saved search's e-mail link: public, its token is the only key. */
export default function SavedSearchUnsubscribeScreen() {
  useDocumentTitle('Unsubscribe from a saved search');
  return <SavedSearchUnsubscribe />;
}
