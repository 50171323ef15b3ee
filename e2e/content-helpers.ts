/**
 * Helpers of the content browser test (e2e/content.spec.ts: /Annoucements, /VideoPanel, /Logo),
 * on top of e2e/helpers.ts.
 */
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** A real 96×96 PNG (1.2 kB), made once with sharp; used by no other spec. */
export const LOGO_PNG = fileURLToPath(new URL('./fixtures/content-logo.png', import.meta.url));

export const GV_ANNOUNCEMENTS = 'announcements@greenvalley.test';
export const GV_VIDEO = 'video@greenvalley.test';
export const GV_LOGO = 'logo@greenvalley.test';
export const GV_CMS = 'cms@greenvalley.test';
export const GV_NAME = 'Green Valley';

/** A text unique to this run and test, for data the test owns. */
export function stamp(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** The shared media picker named `label` (a group holding its file input and previews). */
export function picker(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('group', { name: label, exact: true });
}

/** Chooses `file` in the picker; the upload starts at once. */
export async function chooseFile(scope: Page | Locator, label: string, file = LOGO_PNG): Promise<void> {
  await picker(scope, label).locator('input[type="file"]').setInputFiles(file);
}

/** A toast with exactly this text. */
export function toast(page: Page, message: string): Locator {
  return page.getByRole('alert').filter({ has: page.getByText(message, { exact: true }) });
}

/** Records the requests to `method path` from now on (to check that a refused form sent none). */
export function recordRequests(page: Page, method: string, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === method && new URL(req.url()).pathname === path) seen.push(req);
  });
  return seen;
}

export interface UploadedMedia {
  id: string;
  url: string;
  thumbUrl: string | null;
  kind: 'image' | 'video';
}

/** Uploads the fixture through POST /api/media with the page's session (as another browser tab would). */
export async function uploadThroughApi(page: Page): Promise<UploadedMedia> {
  const res = await page.request.post('/api/media', {
    multipart: { file: { name: 'content-logo.png', mimeType: 'image/png', buffer: await readFile(LOGO_PNG) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as UploadedMedia;
}

/** The header's logo image of the society. */
export function headerLogo(page: Page): Locator {
  return page.getByRole('banner').getByRole('img', { name: `${GV_NAME} logo`, exact: true });
}

/** Waits until the image has really loaded (a decoded picture, not a broken link). */
export async function expectLoaded(image: Locator): Promise<void> {
  await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}
