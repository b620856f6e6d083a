export { loadDealerConfig as loadConfig, type DealerConfig } from './config';
export { startDealerService as start, type StartDealerOptions } from './dealer-service';
