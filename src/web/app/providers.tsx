/**
 * App-wide providers: Mantine (theme, modals, toasts), TanStack Query and the router.
 * Toasts default to top-right and close after 3 s (spec sections 8 and 9).
 */
import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants';
import { queryClient } from '../lib/query-client';
import { router } from './router';

const theme = createTheme({ primaryColor: 'teal', defaultRadius: 'sm' });

export function AppProviders() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
