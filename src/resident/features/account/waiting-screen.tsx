/**
 * A registration waiting for staff approval (status 'Pending', approved on the dashboard's /Status),
 * and a blocked account. While the waiting screen shows, it reads the resident's own profile
 * (GET /api/resident/me, the route the guard already reads) every {@link RECHECK_MS} while the page
 * is visible, at once when the page comes back into view or the browser back online, and on
 * request: an approval moves the resident on within seconds, a block shows why, with nothing to
 * press. The resident socket is not used: it opens only for approved residents (realtime/socket.ts),
 * and a Pending token learns nothing but its own profile this way.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { t } from '../../i18n/catalogue';
import { keys } from '../../lib/query-client';
import { useProfile, useSignOut } from './account-api';

/** How often a visible waiting screen asks again, ms: a few waiting phones cost a read each per interval. */
const RECHECK_MS = 3_000;

export function WaitingScreen() {
  const client = useQueryClient();
  const profile = useProfile();
  const signOut = useSignOut();
  // Only a press shows the button busy: the background checks every few seconds would make it flicker.
  const [checking, setChecking] = useState(false);
  const checkNow = () => {
    setChecking(true);
    void profile.refetch().finally(() => setChecking(false));
  };
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') void client.invalidateQueries({ queryKey: keys.me });
    };
    // A hidden page does not ask (a phone in a pocket); coming back into view or online asks at once.
    const timer = window.setInterval(check, RECHECK_MS);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('online', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('online', check);
    };
  }, [client]);
  return (
    <Stack component="main" p="md" maw={28 * 16} mx="auto">
      <Title order={1}>{t.account.waitingTitle}</Title>
      <Text>{t.account.waitingText}</Text>
      {profile.data && (
        <Text size="sm">
          {t.account.residentId}: {profile.data.residentId} · {profile.data.societyName}
        </Text>
      )}
      <Button onClick={checkNow} loading={checking}>
        {t.account.checkAgain}
      </Button>
      <Button variant="default" onClick={() => void signOut()}>
        {t.account.signOut}
      </Button>
    </Stack>
  );
}

export function BlockedScreen({ message }: { message: string }) {
  const signOut = useSignOut();
  return (
    <Stack component="main" p="md" maw={28 * 16} mx="auto">
      <Alert color="red" role="alert">
        {message || t.account.blocked}
      </Alert>
      <Button variant="default" onClick={() => void signOut()}>
        {t.account.signOut}
      </Button>
    </Stack>
  );
}
