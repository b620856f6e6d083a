import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from './load-config';
import { serviceEnvShape } from './service-env';

const schema = z.object(serviceEnvShape({ defaultPort: 4001, defaultDbName: 'cardirect_auth' }));

describe('loadConfig', () => {
  it('When only the secret is given, then the local defaults fill the rest', () => {
    const config = loadConfig('auth', schema, { IDENTITY_SECRET: 's'.repeat(32) });

    expect(config).toMatchObject({ PORT: 4001, HOST: '127.0.0.1', MONGODB_DB: 'cardirect_auth', PUBLIC_URL: 'http://localhost:8080', BODY_LIMIT: '1mb' });
  });

  it('When variables are wrong, then the error names the service and every bad variable', () => {
    const load = () => loadConfig('auth', schema, { IDENTITY_SECRET: 'short', PORT: 'eighty', MONGODB_URI: 'not a url' });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/Invalid configuration for auth/);
    expect(load).toThrow(/IDENTITY_SECRET: must be at least 32 characters long/);
    expect(load).toThrow(/PORT: must be a port number/);
    expect(load).toThrow(/MONGODB_URI: must be a URL/);
  });

  it('When the secret is missing, then the error says it is required', () => {
    expect(() => loadConfig('auth', schema, {})).toThrow(/IDENTITY_SECRET: is required/);
  });
});
