/**
 * What the service worker (src/resident/sw.ts) does with a Web Push message, as pure functions the
 * unit tests check: the notification a push shows, and where a tap on it opens the app.
 *
 * A push carries the JSON the outbox's Web Push transport encrypts
 * (`webPushMessage`, server/modules/outbox/web-push-transport.ts): `{title, body, image?, data?}`,
 * `data` being `{type, id, documentId}` (shared/contracts/push.ts, spec section 7), every value text.
 */
import type { PushItemType } from '../../shared/contracts/push';
import { t } from '../i18n/catalogue';
import { ITEM_LIST_PATH, itemPath } from './item-links';

/** The app's base path (vite.resident.config.ts `base`, the service worker's scope without its slash). */
export const APP_BASE = '/app';

/** The icon every notification shows (an icon the build draws, scripts/resident-icons.ts). */
export const NOTICE_ICON = `${APP_BASE}/icons/icon-192.png`;

/** A notification to show: `registration.showNotification(title, options)`. */
export interface PushNotice {
  title: string;
  /** `image` (a post's picture) is Chromium's; other browsers ignore it. */
  options: NotificationOptions & { image?: string };
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/**
 * The notification for a push's payload text (null: a push without a payload). A push must always
 * show a notification (`userVisibleOnly`): a payload that is not the JSON above shows the app's
 * name with the text as its body. `data` (the item the push is about) is kept on the notification
 * for the tap; anything else in the payload is dropped.
 */
export function pushNotice(payload: string | null): PushNotice {
  let message: Record<string, unknown> = {};
  try {
    const parsed: unknown = payload ? JSON.parse(payload) : null;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) message = parsed as Record<string, unknown>;
    else if (payload) message = { body: payload };
  } catch {
    message = { body: payload };
  }
  const data = typeof message.data === 'object' && message.data !== null && !Array.isArray(message.data) ? message.data : {};
  const image = text(message.image);
  return {
    title: text(message.title) ?? t.appName,
    options: { body: text(message.body) ?? '', icon: NOTICE_ICON, data, ...(image ? { image } : {}) },
  };
}

const isItemType = (v: unknown): v is PushItemType => typeof v === 'string' && Object.hasOwn(ITEM_LIST_PATH, v);

/**
 * The path a tap on a notification opens, from its `data`: the item's screen
 * (`/app` + `itemPath(type, id)`, e.g. `/app/services/complaints/42`) when `type` is a known kind
 * and `id` (or its earlier name `documentId`) is decimal digits; the app's home (`/app/`) otherwise.
 */
export function noticePath(data: unknown): string {
  if (typeof data !== 'object' || data === null) return `${APP_BASE}/`;
  const { type, id, documentId } = data as Record<string, unknown>;
  const ref = typeof id === 'string' ? id : documentId;
  if (!isItemType(type) || typeof ref !== 'string' || !/^\d{1,18}$/.test(ref)) return `${APP_BASE}/`;
  return APP_BASE + itemPath(type, ref);
}

/** An open window of the site, as the service worker's `clients.matchAll` lists it. */
export interface OpenWindow {
  url: string;
  focused: boolean;
}

/**
 * Which open window a tap reuses: one showing the app (its path is `/app` or under `/app/`), the
 * focused one first; undefined when none is open (the tap opens a new one). The staff dashboard,
 * on the same origin, is never taken over.
 */
export function windowToReuse<W extends OpenWindow>(windows: readonly W[]): W | undefined {
  const app = windows.filter((w) => {
    const path = URL.canParse(w.url) ? new URL(w.url).pathname : '';
    return path === APP_BASE || path.startsWith(`${APP_BASE}/`);
  });
  return app.find((w) => w.focused) ?? app[0];
}
