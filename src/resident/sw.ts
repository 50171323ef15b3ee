/**
 * The resident app's service worker, /app/sw.js with scope /app/ (vite-plugin-pwa's
 * injectManifest builds it: vite.resident.config.ts).
 *
 * The shell offline: it precaches the build's scripts, styles, HTML and icons (the list the plugin
 * injects as `self.__WB_MANIFEST`), drops the caches of earlier builds, and answers every
 * navigation under /app/ with the cached index.html, so the app starts with no network and shows
 * its offline screen. It has no runtime caching: no API answer (personal data) is ever stored. A
 * new worker takes over at once and controls the open pages.
 *
 * Web Push (README "Resident app"): a `push` shows the message's notification (lib/push-notice.ts),
 * and a tap focuses an open window of the app and navigates it to the item the push is about, or
 * opens one there.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { APP_BASE, noticePath, pushNotice, windowToReuse } from './lib/push-notice';

// The project's TypeScript sees the DOM library, not the worker one: the few service worker types
// used here, as the platform defines them.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  readonly __WB_MANIFEST: (PrecacheEntry | string)[];
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
declare const self: ServiceWorkerScope;

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL(`${APP_BASE}/index.html`)));

self.addEventListener('push', (event) => {
  const notice = pushNotice(event.data ? event.data.text() : null);
  event.waitUntil(self.registration.showNotification(notice.title, notice.options));
});

/** Focuses an open window of the app and navigates it to `url`, or opens a new window there. */
async function openApp(url: string): Promise<void> {
  const open = windowToReuse(await self.clients.matchAll({ type: 'window', includeUncontrolled: true }));
  if (open) {
    const focused = await open.focus();
    // navigate() answers null (or fails) for a window this worker does not control: open one instead.
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(new URL(noticePath(event.notification.data), self.location.origin).href));
});
