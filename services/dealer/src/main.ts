import { runMain } from '@cardirect/service-kit';
import { loadConfig, start } from './index';

await runMain('dealer', () => start(loadConfig()));
