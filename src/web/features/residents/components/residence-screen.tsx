/**
 * /Residence (spec section 2 "Resident verification"): enter a Resident ID and press
 * Verify; the resident's Name, Address, Phone_Number, Age, ResidentID, Father_Name and
 * Father_Phone_Number are shown readable (a definition list), with the spec's JSON one click away
 * ("Show JSON"). No match (also another society's id): 'No matching document found.' (toast and
 * inline).
 */
import { Alert, Button, Card, Code, Group, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { ResidentVerify } from '../../../../shared/contracts/residents-admin';
import { DetailList } from '../../../components/detail-list';
import { errorMessage } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { useVerifyResident } from '../api/verify-resident';
import { bindText } from '../../../lib/use-form-errors';

/** The spec's field names in the order it lists them, with readable labels. */
const FIELDS: [keyof ResidentVerify, string][] = [
  ['Name', 'Name'],
  ['Address', 'Address'],
  ['Phone_Number', 'Phone number'],
  ['Age', 'Age'],
  ['ResidentID', 'Resident ID'],
  ['Father_Name', 'Father name'],
  ['Father_Phone_Number', 'Father phone number'],
];

function VerifiedResident({ resident }: { resident: ResidentVerify }) {
  const [showJson, setShowJson] = useState(false);
  return (
    <Card withBorder padding="lg" aria-label="Verified resident" component="section">
      <Group justify="space-between" mb="sm">
        <Title order={3}>{resident.Name}</Title>
        <Button variant="light" size="xs" onClick={() => setShowJson((v) => !v)} aria-pressed={showJson}>
          {showJson ? 'Hide JSON' : 'Show JSON'}
        </Button>
      </Group>
      <DetailList items={FIELDS.map(([key, label]) => ({ label, value: resident[key] ?? '' }))} />
      {showJson ? (
        <Code block mt="md" aria-label="Resident JSON">
          {JSON.stringify(resident, null, 2)}
        </Code>
      ) : null}
    </Card>
  );
}

export function ResidenceScreen() {
  const [text, setText] = useState('');
  const [residentId, setResidentId] = useState<string | null>(null);
  const verify = useVerifyResident(residentId);
  const { error, isFetching, refetch } = verify;

  useEffect(() => {
    if (error) notifyError(errorMessage(error));
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = text.trim();
    if (!id) return;
    if (id === residentId) void refetch();
    else setResidentId(id);
  };

  return (
    <Stack maw={720}>
      <Title order={2}>Residents</Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput label="Resident ID" placeholder="e.g. GV0001" {...bindText(text, setText)} maxLength={40} autoComplete="off" w={260} />
          <Button type="submit" loading={isFetching} disabled={!text.trim()}>
            Verify
          </Button>
        </Group>
      </form>
      {error && !isFetching ? (
        <Alert color="red" title={errorMessage(error)}>
          Resident ID: {residentId}
        </Alert>
      ) : null}
      {verify.data && !error ? <VerifiedResident key={verify.data.ResidentID} resident={verify.data} /> : null}
    </Stack>
  );
}
