export { loadGatewayConfig as loadConfig, type GatewayConfig } from './config';
export { createApp, type GatewayDependencies } from './entry-points/http/app';
export { start } from './entry-points/http/server';
