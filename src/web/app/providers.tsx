/**
 * App-wide providers: Mantine (theme, colour scheme, toasts), TanStack Query and the router.
 * Toasts default to top-right and close after 3 s (spec sections 8 and 9).
 *
 * The colour scheme follows the system until the signed-in member picks light or dark with the
 * header's toggle; the choice is kept per member (lib/color-scheme.ts). The theme's colours are
 * measured to meet WCAG 2.2 AA contrast in both schemes (./theme.ts).
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants';
import { createMemberColorSchemeManager } from '../lib/color-scheme';
import { ScreenBoundary } from '../components/error-boundaries';
import { useStoredUser } from '../lib/current-user';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = createMemberColorSchemeManager();

/** Applies the member's own scheme on sign-in and the system's on sign-out, before the browser paints. */
function ColorSchemeFollowsMember() {
  const user = useStoredUser();
  useLayoutEffect(() => colorSchemeManager.memberChanged(), [user?._id]);
  return null;
}

export function AppProviders() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <ColorSchemeFollowsMember />
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
        <BrowserRouter>
          {/* The last resort (sign-in, the shell itself): the screens and live parts have boundaries of their own inside. */}
          <ScreenBoundary kind="app">
            <AppRoutes />
          </ScreenBoundary>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
