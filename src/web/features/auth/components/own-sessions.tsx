/** My account's sessions: where and when each signed in (this one marked), and "Sign out other sessions". */
import { Alert, Badge, Button, Loader, Stack, Table, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../../shared/format/dates';
import { notifyOutcome } from '../../../lib/notify';
import { useEndOtherSessions, useOwnSessions } from '../api/own-account';

export default function OwnSessions() {
  const sessions = useOwnSessions();
  const end = useEndOtherSessions();
  const items = sessions.data?.items ?? [];
  return (
    <Stack>
      <Title order={4}>Where you are signed in</Title>
      {sessions.isLoading ? <Loader size="sm" aria-label="Loading sessions" /> : null}
      {sessions.error ? <Alert color="red">{errorMessage(sessions.error)}</Alert> : null}
      {items.length > 0 ? (
        <Table aria-label="Your sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Signed in</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>Browser</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((s) => (
              <Table.Tr key={`${s.createdAt}-${s.address}-${s.userAgent}`}>
                <Table.Td>
                  {formatDateTime(s.createdAt)}{' '}
                  {s.current ? (
                    <Badge size="sm" variant="light">
                      This one
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{s.address || 'Unknown'}</Table.Td>
                <Table.Td>{s.userAgent || 'Unknown'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Button
        variant="light"
        w="fit-content"
        disabled={items.length < 2}
        loading={end.isPending}
        onClick={() => end.mutate(undefined, notifyOutcome('Your other sessions are signed out.'))}
      >
        Sign out other sessions
      </Button>
    </Stack>
  );
}
