/**
 * What the app shows instead of unmounting when a screen throws while rendering or its lazy chunk
 * fails to load. After a deploy the service worker (skipWaiting, clientsClaim) drops the old
 * build's hashed chunks, so an open page asking for one gets an error: a chunk-load error reloads
 * the page once by itself (the new build then loads), and otherwise the screen shows the shared
 * ErrorNotice with a Reload button. The root boundary (`AppBoundary`) catches what a screen's
 * boundary cannot (the shell, the guard) and keeps the SOS button and the numbers to call on screen.
 */
import { Stack, Title, Text } from '@mantine/core';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SosScreen } from '../features/sos/sos-screen';
import { t } from '../i18n/catalogue';
import { RESIDENT_STORAGE_PREFIX } from '../../shared/constants';
import { getSession } from '../lib/session';
import { EmergencyNumbers } from './emergency-numbers';
import { ErrorNotice } from './error-notice';
import { Loading } from './loading';

/** Where the time of the last automatic reload is kept (session storage: this tab only). */
const RELOADED_KEY = `${RESIDENT_STORAGE_PREFIX}chunk-reload`;
/** A second chunk failure within this time of the automatic reload is shown, not reloaded again (ms). */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** Whether `error` is a dynamic import that failed (the messages of Chromium, Firefox and Safari). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(message);
}

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

interface BoundaryProps {
  /** A change of this value (the path) clears a caught error: the resident moved on. */
  resetKey?: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/** React's error boundary (a class: there is no hook for it); `fallback` renders the caught error. */
interface BoundaryState {
  error: unknown;
  caught: boolean;
  key: string | undefined;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: undefined, caught: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { error: undefined, caught: false, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('resident app: a screen failed to render', error, info.componentStack);
  }

  render() {
    return this.state.caught ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function ScreenFailed({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  // Reload at most once by itself; a failure after that is shown, with the button.
  const [reloading] = useState(() => chunk && mayReloadByItself());
  useEffect(() => {
    if (reloading) reloadByItself();
  }, [reloading]);
  if (reloading) return <Loading />;
  return <ErrorNotice error={error} message={chunk ? t.updatedReload : undefined} onRetry={reload} retryLabel={t.reload} />;
}

/** Around one lazy screen: its failure replaces only the screen (the shell and its navigation stay). */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} fallback={(error) => <ScreenFailed error={error} />}>
      {children}
    </Boundary>
  );
}

/**
 * Around the whole app: when something outside a screen's boundary fails, the resident still has
 * the SOS button (signed in; in a boundary of its own, so a failing SOS screen leaves the numbers)
 * and every number to call, with a Reload button.
 */
export function AppBoundary({ children }: { children: ReactNode }) {
  return (
    <Boundary
      fallback={(error) => (
        <Stack component="main" p="md" maw={40 * 16} mx="auto" data-testid="app-failed">
          <Title order={1}>{t.crash.title}</Title>
          <ScreenFailed error={error} />
          {getSession() && (
            <Boundary fallback={() => null}>
              <SosScreen />
            </Boundary>
          )}
          <Text>{t.crash.call}</Text>
          <EmergencyNumbers />
        </Stack>
      )}
    >
      {children}
    </Boundary>
  );
}
