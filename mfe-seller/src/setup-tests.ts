import 'fake-indexeddb/auto';
import { setupRemoteTests } from '@cardirect/web/testing';

setupRemoteTests();
