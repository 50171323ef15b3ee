/**
 * A registration waiting for staff approval (status 'Pending', approved on the dashboard's /Status),
 * and a blocked account. The waiting screen checks again on focus and every 30 s, and on request.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { t } from '../../i18n/catalogue';
import { keys } from '../../lib/query-client';
import { useProfile, useSignOut } from './account-api';

const RECHECK_MS = 30_000;

export function WaitingScreen() {
  const client = useQueryClient();
  const profile = useProfile();
  const signOut = useSignOut();
  useEffect(() => {
    const timer = window.setInterval(() => void client.invalidateQueries({ queryKey: keys.me }), RECHECK_MS);
    return () => window.clearInterval(timer);
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
      <Button onClick={() => void profile.refetch()} loading={profile.isFetching}>
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
