/**
 * What the app shows instead of unmounting when a screen throws while rendering or its lazy chunk
 * fails to load (the boundary itself is shared with the dashboard: shared/error-boundary.ts). After
 * a deploy the service worker (skipWaiting, clientsClaim) drops the old build's hashed chunks, so an
 * open page asking for one gets an error: a chunk-load error reloads the page once by itself (the
 * new build then loads; a resident's phone has no siren to silence, unlike the dashboard), and
 * otherwise the screen shows "This screen failed" (or, for a chunk, "A new version is available")
 * with a Reload button. Every caught error is reported to the server's log (lib/client-errors.ts). The root boundary (`AppBoundary`) catches what a screen's
 * boundary cannot (the shell, the guard) and keeps the SOS button and the numbers to call on screen.
 */
import { Stack, Title, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SosScreen } from '../features/sos/sos-screen';
import { t } from '../i18n/catalogue';
import { isChunkLoadError } from '../../shared/chunk-error';
import { RESIDENT_STORAGE_PREFIX } from '../../shared/constants';
import { ErrorBoundary } from '../../shared/error-boundary';
import { reportClientError } from '../lib/client-errors';
import { getSession } from '../lib/session';
import { EmergencyNumbers } from './emergency-numbers';
import { ErrorNotice } from './error-notice';
import { Loading } from './loading';

/** Where the time of the last automatic reload is kept (session storage: this tab only). */
const RELOADED_KEY = `${RESIDENT_STORAGE_PREFIX}chunk-reload`;
/** A second chunk failure within this time of the automatic reload is shown, not reloaded again (ms). */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** Whether the page may reload by itself: it has not done so in the last RELOAD_AGAIN_AFTER_MS (no loop). */
function mayReloadByItself(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOADED_KEY) ?? 0) >= RELOAD_AGAIN_AFTER_MS;
  } catch {
    return false;
  }
}

function reloadByItself(): void {
  try {
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return;
  }
  location.reload();
}

const reload = () => location.reload();

/** Logs and reports what a boundary caught (`kind`: the screen, or the app outside the screens). */
function reporter(kind: 'screen' | 'app') {
  return (error: unknown, componentStack: string | undefined) => {
    console.error(`resident app: the ${kind} failed`, error, componentStack);
    reportClientError(kind, error, location.pathname);
  };
}

function ScreenFailed({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  // Reload at most once by itself; a failure after that is shown, with the button.
  const [reloading] = useState(() => chunk && mayReloadByItself());
  useEffect(() => {
    if (reloading) reloadByItself();
  }, [reloading]);
  if (reloading) return <Loading />;
  return <ErrorNotice error={error} message={chunk ? t.updatedReload : t.screenFailed} onRetry={reload} retryLabel={t.reload} />;
}

/** Around one lazy screen: its failure replaces only the screen (the shell and its navigation stay). */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <ScreenFailed error={error} />} onError={reporter('screen')}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * Around the whole app: when something outside a screen's boundary fails, the resident still has
 * the SOS button (signed in; in a boundary of its own, so a failing SOS screen leaves the numbers)
 * and every number to call, with a Reload button.
 */
export function AppBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      onError={reporter('app')}
      fallback={(error) => (
        <Stack component="main" p="md" maw={40 * 16} mx="auto" data-testid="app-failed">
          <Title order={1}>{t.crash.title}</Title>
          <ScreenFailed error={error} />
          {getSession() && (
            <ErrorBoundary fallback={() => null}>
              <SosScreen />
            </ErrorBoundary>
          )}
          <Text>{t.crash.call}</Text>
          <EmergencyNumbers />
        </Stack>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
