import { setupRemoteTests } from '@cardirect/web/testing';

setupRemoteTests();
