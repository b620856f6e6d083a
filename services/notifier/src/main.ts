import { runMain } from '@cardirect/service-kit';
import { loadConfig, start } from './index';

await runMain('notifier', () => start(loadConfig()));
