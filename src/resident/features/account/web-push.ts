/**
 * Web Push on this phone (src/server/modules/web-push/routes.ts): the browser's push subscription
 * made with the server's VAPID key and stored on the server for the signed-in resident, so the
 * outbox sends this browser the same pushes as the resident's FCM devices (spec section 7). The
 * service worker (src/resident/sw.ts) shows them. A chunk of its own: the Profile screen and
 * sign-out load it, the app's first screen does not.
 */
import type { WebPushKey, WebPushSubscribed, WebPushSubscription } from '../../../shared/contracts/web-push';
import { api, request } from '../../lib/api';

/**
 * Notifications on this phone: `on` (subscribed, permission granted), `off`, `blocked` (the
 * resident or the browser denied the permission: only the browser's site settings can undo it), or
 * `unsupported` (no service worker, Push API or Notification API: e.g. iOS Safari outside an
 * installed app).
 */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The app's service worker registration (scope /app/), undefined when none is registered. */
function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/app/');
}

/** This browser's current push subscription, if any. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!supported()) return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** Whether notifications are on in this browser for this app (see {@link PushState}). */
export async function readPushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** A base64url text (the VAPID key) as bytes, for `applicationServerKey`. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) => a !== null && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

/**
 * Turns notifications on; call it from a click (browsers ask for the permission only on a user
 * gesture). Asks `Notification.requestPermission()`, gets the server's key (GET
 * /api/resident/web-push/key), subscribes (`userVisibleOnly`; a subscription made with another key
 * is replaced) and stores it (POST /api/resident/web-push). A refused store unsubscribes again, so
 * the state shown stays true.
 * @returns the state after it ('blocked' or 'off' when the permission was denied or dismissed)
 * @throws ApiError (the key or the store failed: 409 the resident's limit, network) or the
 *   browser's DOMException when its push service refuses to subscribe
 */
export async function turnOnPush(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const [{ publicKey }, reg] = await Promise.all([api.get<WebPushKey>('/api/resident/web-push/key'), navigator.serviceWorker.ready]);
  const applicationServerKey = base64UrlBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  try {
    await api.post<WebPushSubscribed>('/api/resident/web-push', subscription.toJSON() as WebPushSubscription);
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

/**
 * Turns notifications off on this phone, at sign-out too (before the token is revoked): removes
 * the subscription from the server (DELETE /api/resident/web-push) with the resident's token, then
 * unsubscribes the browser. The browser is unsubscribed even when the server cannot be reached:
 * its push service then answers the server's next push 410, and the server forgets the row.
 * Never throws.
 * @returns the state after it
 */
export async function turnOffPush(): Promise<PushState> {
  try {
    const subscription = await currentSubscription();
    if (subscription) {
      await request('DELETE', '/api/resident/web-push', { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
      await subscription.unsubscribe();
    }
  } catch {
    // No service worker or push service to ask: nothing more this phone can do.
  }
  return readPushState();
}

/**
 * The session ended without the sign-out flow (a 401, a sign-out in another tab): unsubscribes this
 * browser without telling the server (the token is gone); the push service then answers the
 * server's next push 410 and the server forgets the row. Never throws.
 */
export async function dropBrowserSubscription(): Promise<void> {
  try {
    await (await currentSubscription())?.unsubscribe();
  } catch {
    // No service worker or push service to ask: nothing more this phone can do.
  }
}

/**
 * At sign-in: a subscription this browser already holds (the previous resident's, or this
 * resident's from an earlier session) is stored for the resident now signed in (POST
 * /api/resident/web-push: an endpoint another resident registered becomes this one's), or
 * unsubscribed when it cannot be (no permission, 409 the resident's limit, the server away), so
 * what Profile shows stays true. Never throws.
 */
export async function adoptBrowserSubscription(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    if (Notification.permission !== 'granted') throw new Error('no permission');
    await api.post<WebPushSubscribed>('/api/resident/web-push', subscription.toJSON() as WebPushSubscription);
  } catch {
    await dropBrowserSubscription();
  }
}
