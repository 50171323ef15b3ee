/**
 * The signed-in shell: header, sub-role menu, the routed screen, the post-sign-in modal, the
 * live listeners and — for sub-roles that hear security alarms — the alarm center. Mounting it
 * opens the socket and checks the server session once.
 *
 * The alarm center is part of the initial load (an alarm must never wait for a lazy chunk); each
 * feature's live listeners are a chunk of their own, fetched as the shell mounts (../live-updates).
 */
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { receivesAlarms } from '../../../shared/subroles';
import { BusyNotice } from '../../components/busy-notice';
import { QuietBoundary, ScreenBoundary } from '../../components/error-boundaries';
import { LiveAnnouncer } from '../../components/live-announcer';
import { ChangePasswordForm, TwoFactorSettings, useAccountHold, useSessionCheck } from '../../features/auth';
import { AlarmCenter } from '../../features/security';
import { societyTimeZone, subscribeSocietyTimeZone } from '../../lib/time-zone';
import { connectSocket } from '../../lib/socket';
import { useUser } from '../../lib/user-context';
import { LiveUpdates } from '../live-updates';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import { RedirectModal } from './redirect-modal';

export function AppLayout() {
  const user = useUser();
  const [navbarOpened, { toggle, close }] = useDisclosure(false);
  const alarms = receivesAlarms(user.SubRole);
  useSessionCheck();
  // Held at their own account (a temporary password, a two-factor requirement): the server
  // refuses every screen's requests until the member acts, so the shell shows only that form (no
  // menu, listeners or alarms).
  const hold = useAccountHold();
  const held = hold !== null;
  // Dates are written in the society's zone, known from the sign-in or remembered from the last
  // load; should GET /me bring another, the screen is drawn again from scratch (cached lists stay),
  // so no table keeps a date in the old zone.
  const timeZone = useSyncExternalStore(subscribeSocietyTimeZone, societyTimeZone);
  const fetching = useIsFetching();

  // Closed by endSession / the route guard when the user goes, not on unmount: going offline
  // unmounts the shell, and the socket should then reconnect (and catch up) by itself.
  useEffect(() => {
    connectSocket();
  }, [user._id]);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }} padding="md">
      <AppShell.Header>
        <AppHeader navbarOpened={navbarOpened} onToggleNavbar={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main menu">
        {held ? null : <AppNavbar subRole={user.SubRole} onNavigate={close} />}
      </AppShell.Navbar>
      {/* How many of the app's queries are loading: a screen is drawn with its data at 0 (the browser
          tests wait for it; the region itself is not marked busy, so screen readers keep reading it). */}
      <AppShell.Main data-fetching={fetching}>
        {/* A screen that fails (its code, its rendering) replaces only itself: header, menu and alarm center stay. */}
        <ScreenBoundary>
          {held ? (
            <Suspense fallback={null}>{hold === 'password' ? <ChangePasswordForm temporary /> : <TwoFactorSettings required />}</Suspense>
          ) : (
            <Outlet key={timeZone} />
          )}
        </ScreenBoundary>
      </AppShell.Main>
      <BusyNotice />
      <LiveAnnouncer />
      {held ? null : (
        <>
          <QuietBoundary kind="part" name="the Re-directing dialog">
            <RedirectModal subRole={user.SubRole} />
          </QuietBoundary>
          <LiveUpdates subRole={user.SubRole} />
          {/* Outside every boundary: nothing a screen or a listener does can unmount it. */}
          {alarms === 'none' ? null : <AlarmCenter key={user._id} mode={alarms} />}
        </>
      )}
    </AppShell>
  );
}
