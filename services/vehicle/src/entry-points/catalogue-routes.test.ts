import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_MAKES, type ErrorBody } from '@cardirect/contracts';
import { callers, startVehicleServiceForTest, type VehicleServiceForTest } from '../testing/vehicle-test-kit';

interface VpicList<Result> {
  Count: number;
  Message: string;
  Results: Result[];
}

let service: VehicleServiceForTest;
const who = callers();

beforeAll(async () => {
  service = await startVehicleServiceForTest();
});

afterAll(async () => {
  await service?.stop();
});

describe('GET /api/vehicles/makes', () => {
  it('When anyone asks for the makes, then all 17 reference makes are within the first 100 and cached', async () => {
    const response = await service.request<VpicList<{ Make_ID: number; Make_Name: string }>>('/api/vehicles/makes', { as: who.anonymous });

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.body.Count).toBe(response.body.Results.length);
    const first100 = response.body.Results.slice(0, 100).map((make) => make.Make_Name.toLowerCase());
    for (const make of REFERENCE_MAKES) expect(first100).toContain(make.label.toLowerCase());
  });
});

describe('GET /api/vehicles/models', () => {
  it('When the models of the slug "mercedes" are asked, then Mercedes-Benz models answer', async () => {
    const response = await service.request<VpicList<{ Model_ID: number; Model_Name: string }>>('/api/vehicles/models?make=mercedes');

    expect(response.status).toBe(200);
    expect(response.body.Results.map((model) => model.Model_Name)).toEqual(expect.arrayContaining(['C-Class', 'E-Class']));
  });

  it('When the models of Tesla are asked, then Model 3, Model S, Model X and Model Y are among them', async () => {
    const response = await service.request<VpicList<{ Model_Name: string }>>('/api/vehicles/models?make=tesla');

    expect(response.body.Results.map((model) => model.Model_Name)).toEqual(expect.arrayContaining(['Model 3', 'Model S', 'Model X', 'Model Y']));
  });

  it('When no make is given, then it answers 400 with the make message', async () => {
    const response = await service.request<ErrorBody>('/api/vehicles/models');

    expect(response).toMatchObject({ status: 400, body: { message: 'Validation failed', errors: { make: 'Make is required' } } });
  });
});

describe('GET /api/vehicles/models-by-year', () => {
  it('When Honda 2026 is asked, then the current Honda line-up answers in the vPIC shape', async () => {
    const response = await service.request<VpicList<{ Model_ID: number; Model_Name: string }>>('/api/vehicles/models-by-year?make=honda&year=2026');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ Count: response.body.Results.length, Message: expect.any(String) });
    expect(response.body.Results[0]).toEqual({ Model_ID: expect.any(Number), Model_Name: expect.any(String) });
    expect(response.body.Results.map((model) => model.Model_Name)).toEqual(expect.arrayContaining(['Accord', 'Civic', 'CR-V', 'Pilot']));
  });

  it('When the year is not a number, then it answers 400 on year', async () => {
    const response = await service.request<ErrorBody>('/api/vehicles/models-by-year?make=honda&year=soon');

    expect(response).toMatchObject({ status: 400, body: { errors: { year: 'Year must be a 4-digit year' } } });
  });
});

describe('GET /api/vehicles/trims', () => {
  it('When the trims of a Honda Accord are asked, then familiar trims answer with ids and names', async () => {
    const response = await service.request<VpicList<{ Trim_ID: number; Trim_Name: string }>>('/api/vehicles/trims?make=honda&model=Accord');

    expect(response.status).toBe(200);
    expect(response.body.Results.length).toBeGreaterThan(0);
    expect(response.body.Results[0]).toEqual({ Trim_ID: expect.any(Number), Trim_Name: expect.any(String) });
    expect(response.body.Results.map((trim) => trim.Trim_Name)).toEqual(expect.arrayContaining(['EX-L']));
  });

  it('When a model has no trims in the catalogue, then Results is empty with status 200', async () => {
    const response = await service.request<VpicList<unknown>>('/api/vehicles/trims?make=honda&model=No%20Such%20Model');

    expect(response).toMatchObject({ status: 200, body: { Count: 0, Results: [] } });
  });

  it('When the model is missing, then it answers 400 on model', async () => {
    const response = await service.request<ErrorBody>('/api/vehicles/trims?make=honda');

    expect(response).toMatchObject({ status: 400, body: { errors: { model: 'Model is required' } } });
  });
});

describe('GET /api/vehicles/decode', () => {
  it('When a real Honda VIN is decoded, then the wizard fields come in vPIC names with a clean check digit', async () => {
    const response = await service.request<VpicList<Record<string, string>>>('/api/vehicles/decode?vin=1HGCM82633A004352');

    expect(response.status).toBe(200);
    expect(response.body.Results[0]).toMatchObject({
      VIN: '1HGCM82633A004352',
      ModelYear: '2003',
      Model: 'Accord',
      ErrorCode: expect.stringMatching(/^0/),
    });
    // The wizard lower-cases the make, so its spelling is free.
    expect(response.body.Results[0]?.Make.toLowerCase()).toBe('honda');
    for (const field of ['Trim', 'TransmissionStyle', 'TransmissionSpeeds', 'DriveType', 'FuelTypePrimary', 'EngineCylinders', 'DisplacementL']) {
      expect(response.body.Results[0]).toHaveProperty(field);
    }
  });

  it('When a Tesla VIN is decoded in lower case, then it answers the 2019 Tesla Model 3', async () => {
    const response = await service.request<VpicList<Record<string, string>>>('/api/vehicles/decode?vin=5yj3e1ea2kf317000');

    expect(response.body.Results[0]).toMatchObject({ ModelYear: '2019', Model: 'Model 3' });
  });

  it('When the check digit is wrong, then the VIN still decodes and the error code reports it', async () => {
    const response = await service.request<VpicList<Record<string, string>>>('/api/vehicles/decode?vin=1HGCM82643A004352');

    expect(response.status).toBe(200);
    expect(response.body.Results[0]).toMatchObject({ Model: 'Accord', ErrorCode: expect.stringMatching(/^1/) });
    expect(response.body.Results[0]?.ErrorText).toMatch(/Check Digit/);
  });

  it('When the VIN is not 17 characters of the VIN alphabet, then it answers 400 on vin', async () => {
    const tooShort = await service.request<ErrorBody>('/api/vehicles/decode?vin=1HGCM82633A00435');
    const withQ = await service.request<ErrorBody>('/api/vehicles/decode?vin=1HGCM82633A00435Q');

    expect(tooShort).toMatchObject({ status: 400, body: { errors: { vin: 'VIN must be 17 letters and digits (no I, O or Q)' } } });
    expect(withQ.status).toBe(400);
  });

  it('When a well-formed VIN matches nothing in the catalogue, then it answers 200 with empty Results', async () => {
    const response = await service.request<VpicList<unknown>>('/api/vehicles/decode?vin=00000000000000000');

    expect(response).toMatchObject({ status: 200, body: { Count: 0, Results: [] } });
  });
});
