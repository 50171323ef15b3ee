/**
 * The dashboard's error boundaries (shared/error-boundary.ts), so that nothing a screen, a live
 * listener or a lazy part of the shell does takes the rest down — above all the alarm center, which
 * the shell mounts outside every one of them (app/layout/app-layout.tsx):
 *
 * - {@link ScreenBoundary} around the routed screen: its failure shows "This screen failed —
 *   Reload", or "A new version is available — Reload" when its code could not be loaded after
 *   lib/load-chunk.ts's retries (a release replaced the hashed file); header, menu and alarms stay.
 *   Going to another path clears it. The page is never reloaded by itself: a reload silences the
 *   siren until the next click (browsers' autoplay rule), so the member decides.
 * - {@link QuietBoundary} around a live listener, a header control or a dialog: on failure it
 *   draws nothing in its place and the rest of the page goes on.
 *
 * Each caught error is logged to the console and reported to the server (lib/client-errors.ts).
 * Part of the initial load, so small: a fallback must show even when no other chunk can load.
 */
import { Button, Center, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isChunkLoadError } from '../../shared/chunk-error';
import type { ClientErrorReport } from '../../shared/contracts/client-errors';
import { ErrorBoundary } from '../../shared/error-boundary';
import { SHELL_MSG } from '../../shared/shell-messages';
import { reportClientError } from '../lib/client-errors';

const reload = () => location.reload();

function reporter(kind: ClientErrorReport['kind'], name: string) {
  return (error: unknown, componentStack: string | undefined) => {
    console.error(`${name} failed`, error, componentStack);
    reportClientError(kind, error, location.pathname);
  };
}

/** What a failed screen shows in its place. */
export function ScreenFailed({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  return (
    <Center mih={320} p="xl" role="alert" data-testid="screen-failed">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={2} ta="center">
          {chunk ? SHELL_MSG.newVersion : SHELL_MSG.screenFailed}
        </Title>
        <Button onClick={reload}>{SHELL_MSG.reload}</Button>
      </Stack>
    </Center>
  );
}

/**
 * Around the routed screen (or, with `kind` 'app', around every route: the sign-in page and the
 * shell itself, the last resort). Cleared when the path changes.
 */
export function ScreenBoundary({ children, kind = 'screen' }: { children: ReactNode; kind?: 'screen' | 'app' }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <ScreenFailed error={error} />} onError={reporter(kind, `the ${kind} at ${pathname}`)}>
      {children}
    </ErrorBoundary>
  );
}

/** Around a part the page can do without (a live listener, a header control, a dialog): a failure leaves nothing in its place. */
export function QuietBoundary({ children, kind, name }: { children: ReactNode; kind: 'listener' | 'part'; name: string }) {
  return (
    <ErrorBoundary fallback={() => null} onError={reporter(kind, name)}>
      {children}
    </ErrorBoundary>
  );
}
