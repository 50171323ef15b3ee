/**
 * Not at home: file from–to (POST /api/nothome) and follow each request (its card: the assigned
 * guard, cancel, "I'm back"). The guard of the latest request (the first page's newest with one)
 * is saved for the offline screen with the resident's ID (lib/emergency.ts).
 */
import { Alert, Button, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { NotHome } from '../../../shared/contracts/not-home';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { saveEmergency } from '../../lib/emergency';
import { refusal } from '../../lib/field-error';
import { RefusableForm } from '../../lib/refusable-form';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { useSession } from '../account/account-api';
import { NotHomeCard } from './not-home-card';
import { useFile } from './use-file';

export default function NotHomeScreen() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const file = useFile<{ from: string; to: string }>('/api/nothome', keys.notHome);
  const { list, page, setPage } = usePaged<NotHome>(keys.notHome, '/api/resident/nothome');
  const residentId = useSession()?.who.residentId;
  // Page 1 only: an older page's first guard is not the latest.
  const latestGuard = page === 1 && !list.isPlaceholderData ? list.data?.items.find((r) => r.guardName && r.guardPhone) : undefined;
  useEffect(() => {
    if (residentId && latestGuard?.guardName && latestGuard.guardPhone)
      saveEmergency({ guard: { name: latestGuard.guardName, phone: latestGuard.guardPhone, residentId } });
  }, [residentId, latestGuard?.guardName, latestGuard?.guardPhone]);
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
      <Title order={3}>{t.notHome.mine}</Title>
      <ListState list={list}>{(items) => items.map((r) => <NotHomeCard key={r._id} request={r} />)}</ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
