/**
 * The resident app's browser entry (served at /app, ADR 0009): Mantine's styles, then the
 * providers and the router. The service worker is registered by the build's registerSW.js
 * (vite.resident.config.ts), a file the HTML loads, never an inline script (CSP).
 */
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ResidentApp } from './app/resident-app';

// /app (no slash) is served the same page: move to /app/, the service worker's scope and start_url.
if (location.pathname === '/app') history.replaceState(null, '', `/app/${location.search}${location.hash}`);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ResidentApp />
  </StrictMode>,
);
