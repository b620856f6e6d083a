import { runMain } from '@cardirect/service-kit';
import { loadConfig, start } from './index';

await runMain('gateway', () => start(loadConfig()));
