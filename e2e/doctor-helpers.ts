import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectLive, residentAuth, type ResidentCardLike, restoreSignIn } from './helpers';

export const GV_DOCTOR = 'doctor@greenvalley.test';
export const LC_DOCTOR = 'doctor@lakecity.test';

/** Signs in a button-two account, dismisses 'Re-directing' (spec section 1) and waits for the live connection. */
export async function signInDoctor(page: Page, email = GV_DOCTOR): Promise<void> {
  // A restored session: no 'Re-directing' modal, which follows the login form only.
  await restoreSignIn(page, email);
  await expectLive(page);
}

export interface FiledDoctorRequest {
  _id: number;
  description: string;
  edit: boolean;
  resident: ResidentCardLike;
}

/** A resident asks for a doctor the way the mobile app does (POST /api/doctor). */
export async function fileDoctorRequest(request: APIRequestContext, phone: string, description: string): Promise<FiledDoctorRequest> {
  const res = await request.post('/api/doctor', { data: { description }, headers: await residentAuth(request, phone) });
  expect(res.status()).toBe(201);
  const filed = (await res.json()) as FiledDoctorRequest;
  expect(filed.edit).toBe(false);
  return filed;
}

/** The number on the /Doctor bell's badge. */
export async function doctorBellCount(page: Page): Promise<number> {
  return Number((await page.getByRole('button', { name: 'New doctor requests' }).innerText()).replace(/\D/g, '') || '0');
}

/** The server's count of requests waiting for a link, as the signed-in page's user sees it. */
export async function waitingOnServer(page: Page): Promise<number> {
  const res = await page.request.get('/api/doctor');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/**
 * Empties the signed-in society's /Doctor list through the API: generates a meeting link for
 * every waiting request (the demo seed files some), so a test can start from an empty desk.
 */
export async function answerAllWaiting(page: Page): Promise<void> {
  for (;;) {
    const res = await page.request.get('/api/doctor');
    expect(res.status()).toBe(200);
    const { items } = (await res.json()) as { items: { _id: number }[] };
    if (items.length === 0) return;
    for (const { _id } of items) {
      const link = await page.request.put(`/api/doctor/${_id}/link`, { data: { meetingId: `cleared-${_id}` } });
      expect(link.status()).toBe(200);
    }
  }
}

/**
 * Answers every request to the meeting server's origin with a blank page, so opening the meeting
 * needs no network. Returns the URLs the browser asked for.
 */
export async function stubMeetingServer(context: BrowserContext, meetingUrl: string): Promise<string[]> {
  const asked: string[] = [];
  await context.route(`${new URL(meetingUrl).origin}/**`, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Meeting</title><p>Meeting room</p>' });
  });
  return asked;
}
