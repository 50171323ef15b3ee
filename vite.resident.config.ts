import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { RESIDENT_ICONS, residentIcons } from './scripts/resident-icons';
import { webAssets } from './scripts/web-assets';

/**
 * The resident app's build (ADR 0009): src/resident is its Vite root, served at /app from
 * dist/web/app. A build of its own, after the dashboard's (`npm run build:web`), so that the
 * staff dashboard's chunks, initial load and budget stay exactly what they were: nothing is shared
 * between the two builds, and the resident app has its own budget (scripts/web-assets.ts).
 *
 * The PWA (vite-plugin-pwa, Workbox injectManifest): the web manifest, the icons drawn at build
 * time (scripts/resident-icons.ts), and a service worker at /app/sw.js whose scope is /app/, built
 * from src/resident/sw.ts with the list of files to precache injected. It precaches the app shell
 * only — this build's scripts, styles, HTML and icons — and answers every navigation under /app/
 * with the cached index.html when offline; it has no runtime caching: no API answer (personal data)
 * is ever stored by it. It also shows Web Push notifications and opens their item when tapped.
 * registerSW.js is a file (injectRegister 'script'), not an inline script, so the CSP needs no
 * exception.
 */
export default defineConfig({
  root: 'src/resident',
  base: '/app/',
  publicDir: false,
  plugins: [
    react(),
    residentIcons(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      scope: '/app/',
      manifest: {
        id: '/app/',
        name: 'Society Desk for residents',
        short_name: 'Society Desk',
        description: 'SOS, requests and news of your society',
        start_url: '/app/',
        scope: '/app/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#c92a2a',
        lang: 'en',
        icons: RESIDENT_ICONS.map((icon) => ({ src: `/app/${icon.file}`, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose })),
      },
      // The worker's own source (relative to the root, src/resident): it takes over at once and
      // controls the open page (skipWaiting, clientsClaim), so the shell is offline-ready from the
      // first visit.
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
      },
    }),
    // Last: compresses and measures what the others wrote (the service worker too).
    webAssets('resident'),
  ],
  build: {
    outDir: '../../dist/web/app',
    // Empties dist/web/app only (outside the root, so said explicitly); the dashboard's build empties dist/web first.
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5174,
    // As vite.config.ts: the object form keeps the browser's Host (the server compares Origin with it).
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000' },
      '/media': { target: 'http://127.0.0.1:3000' },
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
