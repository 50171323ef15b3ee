/**
 * Not at home: file from–to (POST /api/nothome), see the assigned guard, cancel, "I'm back"
 * (PUT /api/nothome/:id/cancel | arrived). The guard of the latest request is saved for the
 * offline screen (lib/emergency.ts).
 */
import { Alert, Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { NotHome } from '../../../shared/contracts/not-home';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { api, errorText } from '../../lib/api';
import { saveEmergency } from '../../lib/emergency';
import { refusal } from '../../lib/field-error';
import { RefusableForm } from '../../lib/refusable-form';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { useFile } from './use-file';

export default function NotHomeScreen() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const client = useQueryClient();
  const file = useFile<{ from: string; to: string }>('/api/nothome', keys.notHome);
  const end = useMutation({
    mutationFn: ({ id, how }: { id: number; how: 'cancel' | 'arrived' }) => api.put<NotHome>(`/api/nothome/${id}/${how}`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.notHome }),
  });
  const { list, page, setPage } = usePaged<NotHome>(keys.notHome, '/api/resident/nothome');
  const latestGuard = list.data?.items.find((r) => r.guardName && r.guardPhone);
  useEffect(() => {
    if (latestGuard?.guardName && latestGuard.guardPhone) saveEmergency({ guard: { name: latestGuard.guardName, phone: latestGuard.guardPhone } });
  }, [latestGuard?.guardName, latestGuard?.guardPhone]);
  const refused = refusal(file.error, ['from', 'to']);
  return (
    <Screen title={t.services.notHome} back={{ to: '/services', label: t.services.title }}>
      <RefusableForm refused={refused} onSubmit={() => file.mutate({ from, to })}>
        {file.isSuccess && <Alert role="status">{t.notHome.filed}</Alert>}
        <TextInput type="date" label={t.notHome.from} value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={refused.of('from')} />
        <TextInput type="date" label={t.notHome.to} value={to} onChange={(e) => setTo(e.currentTarget.value)} error={refused.of('to')} />
        <Button type="submit" loading={file.isPending}>
          {t.notHome.file}
        </Button>
      </RefusableForm>
      {end.isError && (
        <Alert color="red" role="alert">
          {errorText(end.error)}
        </Alert>
      )}
      <Title order={3}>{t.notHome.mine}</Title>
      <ListState list={list}>
        {(items) =>
          items.map((r) => (
            <Card key={r._id} withBorder>
              <Group justify="space-between">
                <Text fw={600}>{t.notHome.range(r.from, r.to, r.days)}</Text>
                <Text size="sm">{t.notHome.state[r.state] ?? r.state}</Text>
              </Group>
              <Text size="sm">{r.guardName && r.guardPhone ? t.notHome.guard(r.guardName, r.guardPhone) : t.notHome.noGuard}</Text>
              {r.state === 'active' && (
                <Group mt="xs">
                  <Button size="xs" variant="default" onClick={() => end.mutate({ id: r._id, how: 'cancel' })}>
                    {t.notHome.cancel}
                  </Button>
                  <Button size="xs" onClick={() => end.mutate({ id: r._id, how: 'arrived' })}>
                    {t.notHome.back}
                  </Button>
                </Group>
              )}
            </Card>
          ))
        }
      </ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
