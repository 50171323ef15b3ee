/**
 * The resident app's root: Mantine (the dashboard's contrast-checked theme, src/web/app/theme.ts),
 * TanStack Query, the router under /app, and the offline screen, which covers every screen while
 * the browser is offline (the routes stay mounted underneath, so nothing typed is lost) and, when
 * the network returns, refetches what the app shows. A change of session empties the cache
 * (app/session-changes.ts).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { cssVariablesResolver, theme } from '../../web/app/theme';
import { OfflineScreen } from '../features/offline/offline-screen';
import { createQueryClient } from '../lib/query-client';
import { useOnline } from '../lib/use-online';
import { AppBoundary } from './error-boundary';
import { ResidentRoutes } from './routes';
import { useSessionChanges } from './session-changes';

export function ResidentApp() {
  const [client] = useState(createQueryClient);
  const online = useOnline();
  useSessionChanges(client);
  useEffect(() => {
    // Back online: catch up with what changed meanwhile (TanStack refetches active queries too).
    if (online) void client.invalidateQueries();
  }, [online, client]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        {!online && <OfflineScreen />}
        <div hidden={!online}>
          {/* "/app/", not "/app": the home route's URL is then /app/, inside the service worker's scope. */}
          <BrowserRouter basename="/app/">
            <AppBoundary>
              <ResidentRoutes />
            </AppBoundary>
          </BrowserRouter>
        </div>
      </QueryClientProvider>
    </MantineProvider>
  );
}
