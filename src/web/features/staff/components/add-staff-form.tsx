/**
 * Add a staff member (name, email, sub-role), checked with the shared ZStaffCreate first; the
 * server's 409 (email taken) names `email` and shows under it. On success the temporary password is handed up
 * to be shown once.
 */
import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZStaffCreate } from '../../../../shared/contracts/staff-admin';
import type { SubRole } from '../../../../shared/subroles';
import { bindText, useFormErrors } from '../../../lib/use-form-errors';
import { useAddStaff } from '../api/staff';
import { SubRoleSelect } from './sub-role-select';
import type { IssuedPassword } from '../../../components/temporary-password-dialog';

export function AddStaffForm({ onAdded }: { onAdded: (issued: IssuedPassword) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [subRole, setSubRole] = useState<SubRole | null>(null);
  const form = useFormErrors(ZStaffCreate);
  const add = useAddStaff();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check({ name, email, subRole: subRole ?? undefined });
    if (!body) return;
    add.mutate(body, {
      onSuccess: (created) => onAdded({ name: body.name, password: created.temporaryPassword }),
      onError: form.refused,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" withAsterisk autoComplete="off" {...bindText(name, setName)} error={form.errorOf('name')} />
        <TextInput label="Email" withAsterisk type="email" autoComplete="off" {...bindText(email, setEmail)} error={form.errorOf('email')} />
        <SubRoleSelect value={subRole} onChange={setSubRole} error={form.errorOf('subRole')} />
        <Button type="submit" loading={add.isPending}>
          Add staff member
        </Button>
      </Stack>
    </form>
  );
}
