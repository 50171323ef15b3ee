/**
 * The resident app's Web Push in the service worker (src/resident/lib/push-notice.ts): the
 * notification a push shows, where a tap opens the app, and which open window the tap reuses. The
 * payloads are the transport's own (`webPushMessage`), so a change of what the server sends that
 * the worker no longer reads fails here.
 */
import { describe, expect, it } from 'vitest';
import { webPushMessage } from '../../src/server/modules/outbox/web-push-transport';
import { base64UrlBytes } from '../../src/resident/features/account/web-push';
import { EXPECTED_ITEM_LIST_PATH } from '../support/resident-item-paths';
import { NOTICE_ICON, noticePath, pushNotice, windowToReuse } from '../../src/resident/lib/push-notice';
import { pushData, ZPushItemType } from '../../src/shared/contracts/push';

describe('push → notification', () => {
  it("shows the server's title and body, and keeps the item's data for the tap", () => {
    const sent = webPushMessage({
      to: null,
      residentId: 1,
      title: 'Complaint update',
      body: 'Your complaint is being processed.',
      data: pushData('complaint', 42),
    });
    const notice = pushNotice(JSON.stringify(sent));
    expect(notice).toEqual({
      title: 'Complaint update',
      options: { body: 'Your complaint is being processed.', icon: NOTICE_ICON, data: { type: 'complaint', id: '42', documentId: '42' } },
    });
  });

  it("keeps a post's picture", () => {
    const sent = webPushMessage({
      to: null,
      residentId: 1,
      title: 'New post',
      body: 'Eid prayers at 8',
      image: 'https://example.com/m/1.webp',
      data: pushData('post', 7),
    });
    expect(pushNotice(JSON.stringify(sent)).options.image).toBe('https://example.com/m/1.webp');
  });

  it("shows something for any other payload (a push must always show one): the app's name, the text as body", () => {
    expect(pushNotice(null)).toEqual({ title: 'Society Desk', options: { body: '', icon: NOTICE_ICON, data: {} } });
    expect(pushNotice('plain words')).toMatchObject({ title: 'Society Desk', options: { body: 'plain words', data: {} } });
    expect(pushNotice('[1,2]')).toMatchObject({ title: 'Society Desk', options: { body: '[1,2]', data: {} } });
    expect(pushNotice(JSON.stringify({ title: '  ', body: 5, data: 'x' }))).toMatchObject({ title: 'Society Desk', options: { body: '', data: {} } });
  });
});

describe('tap → where the app opens', () => {
  it("opens each kind's item screen under /app", () => {
    for (const type of ZPushItemType.options) expect(noticePath(pushData(type, 42))).toBe(`/app${EXPECTED_ITEM_LIST_PATH[type]}/42`);
    expect(noticePath(pushData('complaint', 9))).toBe('/app/services/complaints/9');
    expect(noticePath(pushData('message', 3))).toBe('/app/notifications/3');
  });

  it('reads the earlier name documentId when id is missing', () => {
    expect(noticePath({ type: 'bill', documentId: '5' })).toBe('/app/services/bills/5');
  });

  it("opens the app's home for data that names no item it knows", () => {
    for (const data of [
      undefined,
      null,
      {},
      'complaint',
      { type: 'toString', id: '1' },
      { type: 'complaint', id: '../../x' },
      { type: 'complaint', id: 4 },
      { id: '4' },
    ])
      expect(noticePath(data), JSON.stringify(data)).toBe('/app/');
  });
});

describe('tap → which window', () => {
  const w = (url: string, focused = false) => ({ url, focused });

  it("reuses a window of the app, the focused one first, never the staff dashboard's", () => {
    expect(windowToReuse([w('https://s.test/complaints', true), w('https://s.test/app/society')])).toEqual(w('https://s.test/app/society'));
    expect(windowToReuse([w('https://s.test/app/'), w('https://s.test/app/profile', true)])).toEqual(w('https://s.test/app/profile', true));
    expect(windowToReuse([w('https://s.test/app')])).toEqual(w('https://s.test/app'));
  });

  it('opens a new one when no window of the app is open', () => {
    expect(windowToReuse([])).toBeUndefined();
    expect(windowToReuse([w('https://s.test/application', true), w('https://s.test/')])).toBeUndefined();
  });
});

describe('VAPID key → applicationServerKey', () => {
  it('decodes base64url without padding to the 65 bytes of the point', () => {
    const point = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xfb)]);
    expect(Buffer.from(base64UrlBytes(point.toString('base64url')))).toEqual(point);
  });
});
