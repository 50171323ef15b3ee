/**
 * App-wide providers: Mantine (theme, toasts), TanStack Query and the router.
 * Toasts default to top-right and close after 3 s (spec sections 8 and 9).
 */
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';

const theme = createTheme({ primaryColor: 'teal', defaultRadius: 'sm' });

export function AppProviders() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
