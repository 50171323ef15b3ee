/**
 * "Notifications on this phone" on the Profile screen: whether Web Push is on in this browser
 * (on / off / blocked by the browser / not supported) and the button that turns it on or off
 * (web-push.ts). The permission is asked only on the button's click: browsers refuse to ask
 * without a gesture, and an unasked-for prompt is one residents deny.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { t } from '../../i18n/catalogue';
import { ApiError } from '../../lib/api';
import { keys } from '../../lib/query-client';
import { readPushState, turnOffPush, turnOnPush, type PushState } from './web-push';

/** The Profile screen's Web Push section: its state (`data-state` too, for tests) and the on/off button. */
export function PushSection() {
  const titleId = useId();
  const client = useQueryClient();
  const state = useQuery({ queryKey: keys.push, queryFn: readPushState });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? turnOnPush() : turnOffPush()),
    onSuccess: (next: PushState) => client.setQueryData(keys.push, next),
    // A failed attempt may have changed what the browser holds: read it again.
    onError: () => client.invalidateQueries({ queryKey: keys.push }),
  });
  const current = state.data;
  return (
    <Stack component="section" gap="xs" aria-labelledby={titleId} data-testid="push-section" data-state={current}>
      <Title order={3} id={titleId}>
        {t.push.title}
      </Title>
      {current && <Text>{t.push[current]}</Text>}
      {current === 'off' && (
        <Button loading={change.isPending} onClick={() => change.mutate(true)}>
          {t.push.turnOn}
        </Button>
      )}
      {current === 'on' && (
        <Button variant="default" loading={change.isPending} onClick={() => change.mutate(false)}>
          {t.push.turnOff}
        </Button>
      )}
      {change.isError && (
        <Alert color="red" role="alert">
          {change.error instanceof ApiError ? change.error.message : t.push.failed}
        </Alert>
      )}
    </Stack>
  );
}
