/**
 * Registration (POST /api/resident/register): society, name, phone, password, house, street,
 * block (and an optional email). The society is picked from the server's list as the resident
 * types (GET /api/societies, searched on the server; the server still checks the name sent). On
 * 201 the app signs in with the same phone and password (a Pending resident may), so the resident
 * sees "Waiting for approval" until staff approve on /Status. When that sign-in fails (the
 * registration stands), the sign-in screen opens with "Registered: your resident ID is …".
 */
import { Anchor, Autocomplete, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RegisterResident } from '../../../shared/contracts/residents-admin';
import { t } from '../../i18n/catalogue';
import { refusal } from '../../lib/field-error';
import { RefusableForm } from '../../lib/refusable-form';
import { registeredState } from '../../lib/return-to';
import { register, signIn, useSocietyNames } from './account-api';

/** How long the society search waits after the last key, ms: one request per pause, not per key. */
const SEARCH_PAUSE_MS = 250;

const FIELDS = ['societyName', 'name', 'phone', 'password', 'house', 'street', 'block', 'email'] as const;
type Field = (typeof FIELDS)[number];

const LABELS: Record<Field, string> = {
  societyName: t.account.societyName,
  name: t.account.name,
  phone: t.account.phone,
  password: t.account.password,
  house: t.account.house,
  street: t.account.street,
  block: t.account.block,
  email: t.account.email,
};

const AUTOCOMPLETE: Partial<Record<Field, string>> = { name: 'name', phone: 'tel', email: 'email', password: 'new-password' };

export default function RegisterScreen() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    societyName: '',
    name: '',
    phone: '',
    password: '',
    house: '',
    street: '',
    block: '',
    email: '',
  });
  const mutation = useMutation({
    mutationFn: async () => {
      const { email, ...rest } = values;
      const body: RegisterResident = { ...rest, ...(email.trim() ? { email } : {}) };
      const registered = await register(body);
      try {
        await signIn(values.phone.trim(), values.password);
        return null;
      } catch {
        // Registered all the same: sending the form again would be refused (409, the phone is taken).
        return registered.residentID;
      }
    },
    onSuccess: (notSignedIn) =>
      notSignedIn === null ? navigate('/', { replace: true }) : navigate('/sign-in', { replace: true, state: registeredState(notSignedIn) }),
  });
  const refused = refusal(mutation.error, FIELDS);
  const [search] = useDebouncedValue(values.societyName.trim(), SEARCH_PAUSE_MS);
  const societies = useSocietyNames(search);
  const societyNames = societies.data?.map((s) => s.name) ?? [];
  return (
    <Stack component="main" p="md" maw={28 * 16} mx="auto">
      <Title order={1}>{t.account.registerTitle}</Title>
      <RefusableForm refused={refused} onSubmit={() => mutation.mutate()}>
        {FIELDS.map((field) => {
          const props = {
            label: LABELS[field],
            value: values[field],
            autoComplete: AUTOCOMPLETE[field] ?? 'off',
            error: refused.of(field),
            onChange: (e: { currentTarget: HTMLInputElement }) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, [field]: value }));
            },
          };
          if (field === 'password') return <PasswordInput key={field} {...props} />;
          if (field === 'societyName')
            return (
              <Autocomplete
                key={field}
                {...props}
                description={t.account.societyHint}
                data={societyNames}
                // The server already searched: show its names as they are.
                filter={({ options }) => options}
                onChange={(value) => setValues((v) => ({ ...v, societyName: value }))}
                comboboxProps={{ withinPortal: true }}
              />
            );
          return (
            <TextInput
              key={field}
              {...props}
              {...(field === 'phone' && { type: 'tel', inputMode: 'numeric' as const, description: t.account.phoneHint })}
              {...(field === 'email' && { type: 'email' })}
            />
          );
        })}
        <Button type="submit" loading={mutation.isPending} size="md">
          {t.account.register}
        </Button>
        <Anchor component={Link} to="/sign-in">
          {t.account.haveAccount}
        </Anchor>
      </RefusableForm>
    </Stack>
  );
}
