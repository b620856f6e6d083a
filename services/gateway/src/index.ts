export { loadGatewayConfig as loadConfig, type GatewayConfig } from './config';
export { createApp, type GatewayDependencies } from './http/app';
export { start } from './http/server';
