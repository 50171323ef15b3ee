import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

/**
 * The mobile app may only press a button: an SOS, a grocery or a doctor request sent with no body
 * at all (no JSON, no content type) is a request like any other, never a 400.
 */
describe('resident presses without a body', () => {
  const h = useHarness();

  it.each([
    ['/api/security', '03000000041'],
    ['/api/grocery', '03000000042'],
    ['/api/doctor', '03000000043'],
  ])('POST %s with no body is stored (201)', async (url, phone) => {
    const authorization = await h.residentAuth(phone);
    const res = await h.app.inject({ method: 'POST', url, headers: { authorization } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ _id: number }>()._id).toBeGreaterThan(0);
  });
});
