import { runMain } from '@cardirect/service-kit';
import { loadConfig, start } from './index';

await runMain('vehicle', () => start(loadConfig()));
