import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack';
import { apiClient, loginAdmin, sellerContact, vehicleSubmission, type Api } from '../support/api';

// A crash, not a clean stop: kill -9 gives the process no chance to finish what it was doing.
// (Redis and SMTP outages: emails-faults.test.ts; the long runs under load: npm run bench -- reliability.)
let stack: Stack;
let api: Api;
let adminCookie: string;

async function firstAnswer(call: () => Promise<{ status: number }>, accepted: (status: number) => boolean, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = await call();
    if (accepted(status) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  stack = await startStack({ env: { LOG_LEVEL: 'warn' } });
  api = apiClient(stack);
  adminCookie = await loginAdmin(api, stack);
});

afterAll(async () => {
  await stack?.stop();
});

describe('A member of the stack crashes', () => {
  it('When the vehicle service is killed, then its routes answer 503 JSON, the other services still answer, and after its restart the cars stored before are served again', async () => {
    // Arrange
    const submitted = await api<{ id: string }>('/api/vehicles', { method: 'POST', body: vehicleSubmission(sellerContact(), '60601') });
    expect(submitted.status).toBe(201);

    // Act
    await stack.stopMember('vehicle', { kill: true });
    const whileDown = await api('/api/vehicles', { method: 'POST', body: vehicleSubmission(sellerContact(), '60601') });
    const otherService = await api('/api/dealers', { cookie: adminCookie });
    await stack.startMember('vehicle');

    // Assert
    expect(whileDown.status).toBe(503);
    expect(whileDown.body).toEqual({ message: 'Service unavailable' });
    expect(otherService.status).toBe(200);
    const afterRestart = await firstAnswer(() => api(`/api/vehicles/${submitted.body.id}`, { cookie: adminCookie }), (status) => status !== 503, 10_000);
    expect(afterRestart).toBe(200);
  });

  it('When the embedded MongoDB is killed after a car was acknowledged, then after its restart the car is there and new cars are taken again', async () => {
    // Arrange
    const submitted = await api<{ id: string }>('/api/vehicles', { method: 'POST', body: vehicleSubmission(sellerContact(), '60601') });
    expect(submitted.status).toBe(201);

    // Act
    await stack.stopMember('mongo', { kill: true });
    await stack.startMember('mongo');

    // Assert
    const stored = await firstAnswer(() => api(`/api/vehicles/${submitted.body.id}`, { cookie: adminCookie }), (status) => status === 200, 20_000);
    expect(stored).toBe(200);
    const next = await api('/api/vehicles', { method: 'POST', body: vehicleSubmission(sellerContact(), '60601') });
    expect(next.status).toBe(201);
  });
});
