/**
 * /Staff (super-admin): the society's staff accounts, 10 a page, searched by name or email on the
 * server (page and search in the URL). "Add staff member" opens the form; a new or reset account's
 * temporary password is shown once. Manage opens a member's drawer. A switch requires two-factor
 * sign-in of every super-admin.
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { StaffMember } from '../../../../shared/contracts/staff-admin';
import { DataTable } from '../../../components/data-table';
import { SideDrawer } from '../../../components/side-drawer';
import { notifySuccess } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useStaffList } from '../api/staff';
import { AddStaffForm } from './add-staff-form';
import { staffColumns } from './staff-columns';
import { StaffDrawer } from './staff-drawer';
import { TemporaryPasswordDialog, type IssuedPassword } from '../../../components/temporary-password-dialog';
import { TwoFactorPolicySwitch } from './two-factor-policy';

export function StaffScreen() {
  const list = useListParams();
  const query = useStaffList(list.view);
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<StaffMember | null>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const columns = useMemo(() => staffColumns(setSelected), []);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Staff</Title>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          Add staff member
        </Button>
      </Group>
      <TwoFactorPolicySwitch />
      <DataTable<StaffMember>
        query={query}
        label="Staff"
        columns={columns}
        rowId={(m) => m._id}
        list={list}
        searchPlaceholder="Search by name or email"
        noRecordsText={list.q ? 'No staff member matches this search' : 'No staff members'}
      />
      <SideDrawer opened={adding} onClose={() => setAdding(false)} title="Add staff member">
        {adding ? (
          <AddStaffForm
            onAdded={(added) => {
              setAdding(false);
              notifySuccess('Staff member added');
              setIssued(added);
            }}
          />
        ) : null}
      </SideDrawer>
      <StaffDrawer member={selected} onClose={() => setSelected(null)} onChanged={setSelected} onIssued={setIssued} />
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </Stack>
  );
}
