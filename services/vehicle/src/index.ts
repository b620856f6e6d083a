import { createLogger, type RunningService } from '@cardirect/service-kit';
import type { VehicleConfig } from './config';
import { startVehicleService } from './vehicle-service';

export { loadVehicleConfig as loadConfig, type VehicleConfig } from './config';
export { startVehicleService, type VehicleServiceOptions } from './vehicle-service';

/** Starts the vehicle service with its own logger (what main.ts and the service tests call). */
export function start(config: VehicleConfig): Promise<RunningService> {
  return startVehicleService(config, { logger: createLogger({ name: 'vehicle', level: config.LOG_LEVEL }) });
}
export { seedVehicles } from './testing/seed-vehicles';
