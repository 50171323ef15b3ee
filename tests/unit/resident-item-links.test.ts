/**
 * The resident app's item screens (what a push or a notification record opens): the path each kind
 * opens at, the path of a notification record, the route's id, the item's cache key under its
 * list's (so the resident socket's events refresh an open item), and where sign-in leads back to.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ZPushItemType, type PushItemType } from '../../src/shared/contracts/push';
import type { ResidentEventName } from '../../src/shared/contracts/resident-events';
import { itemPath, recordPath } from '../../src/resident/lib/item-links';
import { EXPECTED_ITEM_LIST_PATH } from '../support/resident-item-paths';
import { itemApiPath, itemQueryKey, parseItemId } from '../../src/resident/lib/item-query';
import { returnPath, signInState } from '../../src/resident/lib/return-to';
import { applyLiveEvent, LIVE_EVENT_KEYS } from '../../src/resident/live';

describe('resident item links', () => {
  it('a notification record opens its item: desk, billing and security records by their id, a panel message by its campaign', () => {
    expect(recordPath({ refEntity: 'complaint', refId: 12 })).toBe('/services/complaints/12');
    expect(recordPath({ refEntity: 'security', refId: 7 })).toBe('/alarms/7');
    expect(recordPath({ refEntity: 'nothome', refId: 3 })).toBe('/services/not-home/3');
    expect(recordPath({ refEntity: 'grocery', refId: 4 })).toBe('/services/grocery/4');
    expect(recordPath({ refEntity: 'doctor', refId: 5 })).toBe('/services/doctor/5');
    expect(recordPath({ refEntity: 'bill', refId: 6 })).toBe('/services/bills/6');
    expect(recordPath({ refEntity: 'notification_campaign', refId: 9 })).toBe('/notifications/9');
    // A record about nothing the app opens has no Open.
    expect(recordPath({ refEntity: null, refId: null })).toBeUndefined();
    expect(recordPath({ refEntity: 'audit', refId: 1 })).toBeUndefined();
    expect(recordPath({ refEntity: 'complaint', refId: null })).toBeUndefined();
  });

  it('every kind is read from its own resident API route, at the path its list opens plus the id', () => {
    const segments = new Set<string>();
    expect(Object.keys(EXPECTED_ITEM_LIST_PATH).sort()).toEqual([...ZPushItemType.options].sort());
    for (const type of ZPushItemType.options) {
      expect(itemPath(type, 42)).toBe(`${EXPECTED_ITEM_LIST_PATH[type]}/42`);
      const api = itemApiPath(type, 42);
      expect(api).toMatch(/^\/api\/resident\/[a-z]+\/42$/);
      segments.add(api);
    }
    expect(segments.size).toBe(ZPushItemType.options.length);
    expect(itemApiPath('post', 1)).toBe('/api/resident/feed/1');
    expect(itemApiPath('message', 1)).toBe('/api/resident/messages/1');
  });

  it("a route's id is an id the server accepts (1 … 2^31−1, digits only), else none", () => {
    expect(parseItemId('42')).toBe(42);
    expect(parseItemId('2147483647')).toBe(2_147_483_647);
    for (const bad of [undefined, '', '0', '-1', '1.5', '042', 'abc', '1e3', '2147483648', '99999999999']) expect(parseItemId(bad), String(bad)).toBeNull();
  });

  it("each resident socket event refreshes the open item of its kind (the item is cached under the list's key)", async () => {
    const kindOf: Record<ResidentEventName, PushItemType> = {
      'resident-alarm-acknowledged': 'alarm',
      'resident-alarm-escalated': 'alarm',
      'resident-alarm-updated': 'alarm',
      'resident-complaint-updated': 'complaint',
      'resident-not-at-home-updated': 'nothome',
      'resident-order-updated': 'order',
      'resident-consultation-updated': 'consultation',
      'resident-bill': 'bill',
    };
    expect(Object.keys(kindOf).sort()).toEqual(Object.keys(LIVE_EVENT_KEYS).sort());
    for (const [event, kind] of Object.entries(kindOf) as [ResidentEventName, PushItemType][]) {
      const client = new QueryClient();
      const key = itemQueryKey(kind, 42);
      const other = itemQueryKey(kind === 'complaint' ? 'plot' : 'complaint', 42);
      client.setQueryData(key, { _id: 42 });
      client.setQueryData(other, { _id: 42 });
      applyLiveEvent(client, event);
      expect(client.getQueryState(key)?.isInvalidated, event).toBe(true);
      // Only what the event touches: another kind's item stays fresh.
      expect(client.getQueryState(other)?.isInvalidated, event).toBe(false);
    }
    // A panel message is a notification record: refreshed whenever the notifications are.
    const client = new QueryClient();
    client.setQueryData(itemQueryKey('message', 3), { _id: 3 });
    applyLiveEvent(client, 'resident-bill');
    expect(client.getQueryState(itemQueryKey('message', 3))?.isInvalidated).toBe(true);
  });
});

describe('back to the screen after signing in', () => {
  it('a signed-out visitor comes back to the screen they opened, with its query and hash', () => {
    expect(returnPath(signInState({ pathname: '/services/complaints/42', search: '', hash: '' }))).toBe('/services/complaints/42');
    expect(returnPath(signInState({ pathname: '/notifications', search: '?page=2', hash: '#x' }))).toBe('/notifications?page=2#x');
  });

  it('anything else leads home: no state, another origin, sign-in or registration themselves', () => {
    for (const state of [undefined, null, 'text', {}, { from: 42 }, { from: 'https://evil.test/' }, { from: '//evil.test/x' }, { from: '/\\evil.test' }])
      expect(returnPath(state), JSON.stringify(state)).toBe('/');
    for (const from of ['/sign-in', '/sign-in?x=1', '/register', '/register/']) expect(returnPath({ from }), from).toBe('/');
    expect(returnPath({ from: '/registered-things' })).toBe('/registered-things');
  });
});
