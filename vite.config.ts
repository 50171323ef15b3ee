import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { webAssets } from './scripts/web-assets';

/** Web build: src/web is the Vite root; the server serves dist/web in production. */
export default defineConfig({
  root: 'src/web',
  // webAssets: .br/.gz beside each file, sizes printed and recorded for check:bundle.
  plugins: [react(), webAssets()],
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    // Object form, not the string shorthand: the shorthand sets changeOrigin, which rewrites Host
    // to the target's, and the server compares the browser's Origin with Host (staff writes and the
    // socket, lib/request-origin.ts). Kept as sent, http://localhost:5173 is the app's own origin.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000' },
      '/media': { target: 'http://127.0.0.1:3000' },
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
