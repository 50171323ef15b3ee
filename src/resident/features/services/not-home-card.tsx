/**
 * One not-at-home request as the resident follows it: the dates, its state, the assigned guard,
 * and while it is active Cancel and "I'm back" (PUT /api/nothome/:id/cancel | arrived), whose
 * refusal shows on the card. Either refreshes the requests list and this item (both under
 * keys.notHome).
 */
import { Alert, Button, Card, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotHome } from '../../../shared/contracts/not-home';
import { t } from '../../i18n/catalogue';
import { api, errorText } from '../../lib/api';
import { keys } from '../../lib/query-client';

export function NotHomeCard({ request: r }: { request: NotHome }) {
  const client = useQueryClient();
  const end = useMutation({
    mutationFn: (how: 'cancel' | 'arrived') => api.put<NotHome>(`/api/nothome/${r._id}/${how}`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.notHome }),
  });
  return (
    <Card withBorder>
      <Group justify="space-between">
        <Text fw={600}>{t.notHome.range(r.from, r.to, r.days)}</Text>
        <Text size="sm">{t.notHome.state[r.state] ?? r.state}</Text>
      </Group>
      <Text size="sm">{r.guardName && r.guardPhone ? t.notHome.guard(r.guardName, r.guardPhone) : t.notHome.noGuard}</Text>
      {end.isError && (
        <Alert color="red" role="alert" mt="xs">
          {errorText(end.error)}
        </Alert>
      )}
      {r.state === 'active' && (
        <Group mt="xs">
          <Button size="xs" variant="default" onClick={() => end.mutate('cancel')} loading={end.isPending && end.variables === 'cancel'}>
            {t.notHome.cancel}
          </Button>
          <Button size="xs" onClick={() => end.mutate('arrived')} loading={end.isPending && end.variables === 'arrived'}>
            {t.notHome.back}
          </Button>
        </Group>
      )}
    </Card>
  );
}
