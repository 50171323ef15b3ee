import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { INSTANCE_URLS } from '../playwright.cluster.config';
import { acknowledgeAllAlarms, alarmSound, alarmToast, GV_SECURITY, PASSWORD, raiseSos, signInSecurity } from '../e2e/helpers';

/**
 * Two instances behind nginx: the security desk is signed in through nginx, so its
 * socket sits on one of the two instances; an SOS raised directly against each instance rings on
 * it (so one of them crossed instances), and an acknowledgement made on the screen is seen by both.
 */
const [INSTANCE_A, INSTANCE_B] = INSTANCE_URLS as [string, string];
// Green Valley residents used by this file only.
const RESIDENT_ON_A = '03000000021';
const RESIDENT_ON_B = '03000000022';

test.describe('two instances behind nginx', () => {
  const direct: APIRequestContext[] = [];
  /** An API context talking to one instance directly, bypassing nginx. */
  const instance = async (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) => {
    const api = await playwright.request.newContext({ baseURL });
    direct.push(api);
    return api;
  };

  test.afterEach(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await acknowledgeAllAlarms(api, GV_SECURITY);
    await api.dispose();
    for (const api of direct.splice(0)) await api.dispose();
  });

  test('an SOS raised against either instance rings on a desk signed in through nginx; its acknowledgement is seen on both', async ({ page, playwright }) => {
    const staffName = await signInSecurity(page);
    const onA = await raiseSos(await instance(playwright, INSTANCE_A), RESIDENT_ON_A, 'Raised against instance A');
    const onB = await raiseSos(await instance(playwright, INSTANCE_B), RESIDENT_ON_B, 'Raised against instance B');

    const toastA = alarmToast(page, onA.resident);
    const toastB = alarmToast(page, onB.resident);
    await expect(toastA).toBeVisible();
    await expect(toastB).toBeVisible();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');

    // Acknowledged on the screen (through nginx): that alarm stops, the other keeps ringing.
    await toastA.getByRole('button', { name: 'Close alarm' }).click();
    await expect(toastA).toBeHidden();
    await expect(toastB).toBeVisible();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');

    // Both instances, asked directly, have it acknowledged by this desk; the other still pending.
    for (const url of [INSTANCE_A, INSTANCE_B]) {
      const api = await instance(playwright, url);
      expect((await api.post('/api/society/login', { data: { email: GV_SECURITY, password: PASSWORD } })).status()).toBe(200);
      const stored = (await (await api.get(`/api/security/${onA._id}`)).json()) as { acknowledgedBy: string | null };
      expect(stored.acknowledgedBy, `acknowledgement seen by ${url}`).toBe(staffName);
      const pending = (await (await api.get('/api/security/alarms')).json()) as { items: { _id: number }[] };
      expect(
        pending.items.map((a) => a._id),
        `pending alarms on ${url}`,
      ).toEqual(expect.arrayContaining([onB._id]));
      expect(
        pending.items.map((a) => a._id),
        `pending alarms on ${url}`,
      ).not.toContain(onA._id);
    }

    await toastB.getByRole('button', { name: 'Close alarm' }).click();
    await expect(toastB).toBeHidden();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'stopped');
  });
});
