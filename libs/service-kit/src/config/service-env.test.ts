import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from './load-config';
import { urlListSchema } from './service-env';

const schema = z.object({ VEHICLE_SERVICE_URL: urlListSchema.default(['http://127.0.0.1:4003']) });
const load = (value: string | undefined) => () => loadConfig('dealer', schema, { VEHICLE_SERVICE_URL: value });

describe('urlListSchema', () => {
  it('When a member runs several times, then its comma-separated URLs parse to the list of its instances', () => {
    const config = loadConfig('dealer', schema, { VEHICLE_SERVICE_URL: 'http://127.0.0.1:4103, http://127.0.0.1:4113' });

    expect(config.VEHICLE_SERVICE_URL).toEqual(['http://127.0.0.1:4103', 'http://127.0.0.1:4113']);
  });

  it('When one URL is given (a Kubernetes Service) or none, then it is a list of that one URL or of the default', () => {
    expect(loadConfig('dealer', schema, { VEHICLE_SERVICE_URL: 'http://vehicle:4003' }).VEHICLE_SERVICE_URL).toEqual(['http://vehicle:4003']);
    expect(loadConfig('dealer', schema, {}).VEHICLE_SERVICE_URL).toEqual(['http://127.0.0.1:4003']);
  });

  it('When an entry of the list is not a URL, then the error names the setting and which entry', () => {
    expect(load('http://127.0.0.1:4103,127.0.0.1:4113')).toThrow(/Invalid configuration for dealer:\n {2}- VEHICLE_SERVICE_URL: entry 2 of 2 is not an http:\/\/ or https:\/\/ URL/);
    expect(load('http://127.0.0.1:4103,,http://127.0.0.1:4113')).toThrow(/VEHICLE_SERVICE_URL: entry 2 of 3 is not an http:\/\/ or https:\/\/ URL/);
    expect(load('redis://127.0.0.1:6379')).toThrow(/VEHICLE_SERVICE_URL: must be an http:\/\/ or https:\/\/ URL, or several separated by commas/);
    expect(load('')).toThrow(/VEHICLE_SERVICE_URL: must be an http:\/\/ or https:\/\/ URL/);
  });

  it('When an instance is listed twice, then the error says which entry repeats which', () => {
    expect(load('http://127.0.0.1:4103,http://127.0.0.1:4113,http://127.0.0.1:4103/')).toThrow(
      /VEHICLE_SERVICE_URL: entry 3 of 3 repeats entry 1: each instance is listed once/,
    );
  });
});
