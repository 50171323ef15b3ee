import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { webAssets } from './scripts/web-assets';

/** Web build: src/web is the Vite root; the server serves dist/web in production. */
export default defineConfig({
  root: 'src/web',
  // webAssets: .br/.gz beside each file, sizes printed and recorded for check:bundle.
  plugins: [react(), webAssets()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The report charts (features/reports/components/charts.tsx, lazy) in two chunks: in one
          // they measure ~133 kB gzip, over the 100 kB budget of a chunk (ADR 0008). Only packages
          // nothing else imports (never clsx); dependencies are not pulled into a group
          // (`includeDependenciesRecursively: false`), or React and @mantine/core would be.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'charts', test: /\/node_modules\/(recharts|@mantine\/charts)\//, priority: 2 },
            {
              name: 'charts-vendor',
              test: /\/node_modules\/(d3-[a-z-]+|internmap|victory-vendor|@reduxjs|immer|redux|redux-thunk|react-redux|reselect|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)\//,
              priority: 1,
            },
            // Small packages the charts share with Recharts' store (react-redux): a chunk of their
            // own, evaluated before both. Left where Rolldown puts them, they landed in the chunk of
            // charts.tsx, which Recharts imports back (a cycle: 'require_with_selector is not a
            // function'); alone, an initial load that ever shares them would fetch only them.
            { name: 'charts-shared', test: /\/node_modules\/(use-sync-external-store|react-is)\//, priority: 3 },
          ],
        },
      },
    },
  },
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
