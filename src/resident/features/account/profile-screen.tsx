/**
 * The resident's own profile (GET /api/resident/me), notifications on this phone (Web Push), and
 * sign-out (removes this phone's push subscription, then revokes the token).
 */
import { Button, Stack, Table, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { t } from '../../i18n/catalogue';
import { ErrorNotice } from '../../app/error-notice';
import { Loading } from '../../app/loading';
import { useProfile, useSignOut } from './account-api';
import { ChangePasswordForm } from './change-password-form';
import { PushSection } from './push-section';

export default function ProfileScreen() {
  const profile = useProfile();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (profile.isPending) return <Loading />;
  if (profile.isError) return <ErrorNotice error={profile.error} onRetry={() => void profile.refetch()} />;
  const me = profile.data;
  const rows: [string, string][] = [
    [t.account.name, me.name],
    [t.account.residentId, me.residentId],
    [t.account.phone, me.phoneNo],
    [t.account.address, me.address],
    [t.account.society, me.societyName],
    [t.account.status, t.account.statusNames[me.status] ?? me.status],
  ];
  if (me.email) rows.push([t.account.email, me.email]);
  return (
    <Stack p="md">
      <Title order={2}>{t.account.profileTitle}</Title>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ChangePasswordForm />
      <PushSection />
      <Button
        variant="default"
        onClick={async () => {
          await signOut();
          navigate('/sign-in', { replace: true });
        }}
      >
        {t.account.signOut}
      </Button>
    </Stack>
  );
}
