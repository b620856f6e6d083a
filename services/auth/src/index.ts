export { loadAuthConfig as loadConfig, type AuthConfig } from './config';
export { startAuthService as start, type StartAuthOptions } from './auth-service';
