/**
 * Send to one resident (spec section 2 "Notification panel"): enter a full name, Verify, choose
 * the resident among the approved residents whose name starts with it (one match is chosen at
 * once), see their data, Send. No match: 'No matching document found.' (spec section 8).
 */
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState, type FormEvent } from 'react';
import { PAGE_SIZE } from '../../../../shared/constants';
import type { PanelMessage, PanelResident } from '../../../../shared/contracts/notification-panel';
import { MSG } from '../../../../shared/messages';
import { ResidentDetails } from '../../../components/resident-details';
import { errorMessage } from '../../../lib/api-error';
import { notifyError, notifyOutcome } from '../../../lib/notify';
import { panelResidentsOptions, usePanelResidents } from '../api/panel-residents';
import { useSendToResident } from '../api/send-message';
import { bindText } from '../../../lib/use-form-errors';

interface ResidentPickerProps {
  /** The screen's title and body, checked (a toast says what is missing), or null. */
  check: () => PanelMessage | null;
  /** The campaign a send created (for the delivery report). */
  onSent: (campaignId: number) => void;
}

export function ResidentPicker({ check, onSent }: ResidentPickerProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [verified, setVerified] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<PanelResident | null>(null);
  const [verifying, setVerifying] = useState(false);
  const matches = usePanelResidents(verified, page);
  const send = useSendToResident();

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!wanted) {
      notifyError(MSG.fillRequired);
      return;
    }
    setVerifying(true);
    try {
      const first = await queryClient.fetchQuery(panelResidentsOptions(wanted, 1));
      setVerified(first.total === 0 ? null : wanted);
      setPage(1);
      setChosen(first.total === 1 ? (first.items[0] ?? null) : null);
      if (first.total === 0) notifyError(MSG.noMatchingDocument);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setVerifying(false);
    }
  };

  const sendToChosen = () => {
    const message = check();
    if (!message || !chosen || send.isPending) return;
    send.mutate(
      { ...message, residentId: chosen.residentId },
      notifyOutcome(MSG.panelSentToOne, (sent) => onSent(sent.campaignId)),
    );
  };

  const list = matches.data;
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-label="Send to one resident">
      <Title order={4} mb="sm">
        Send to one resident
      </Title>
      <form onSubmit={verify} noValidate>
        <Group align="end" gap="sm">
          <TextInput label="Full name" {...bindText(name, setName)} maxLength={100} autoComplete="off" w={{ base: '100%', sm: 320 }} />
          <Button type="submit" variant="light" loading={verifying}>
            Verify
          </Button>
        </Group>
      </form>
      {verified !== null && list && list.total > 1 ? (
        <DataTable<PanelResident>
          mt="md"
          withTableBorder
          striped
          highlightOnHover
          fetching={matches.isFetching}
          records={list.items}
          idAccessor="_id"
          columns={[
            { accessor: 'name', title: 'Name' },
            { accessor: 'residentId', title: 'Resident ID' },
            { accessor: 'phoneNo', title: 'Phone No' },
            { accessor: 'address', title: 'Address' },
            {
              accessor: 'choose',
              title: 'Action',
              render: (r) => (
                <Button size="xs" variant={chosen?._id === r._id ? 'filled' : 'light'} onClick={() => setChosen(r)} aria-label={`Choose ${r.name}`}>
                  Choose
                </Button>
              ),
            },
          ]}
          page={page}
          onPageChange={setPage}
          totalRecords={list.total}
          recordsPerPage={PAGE_SIZE}
        />
      ) : null}
      {chosen ? (
        <Stack gap="sm" mt="sm">
          <ResidentDetails resident={chosen} />
          {chosen.hasDevice ? null : (
            <Text size="sm" c="dimmed">
              No device is registered for this resident: the message reaches their in-app notifications only.
            </Text>
          )}
          <Group>
            <Button onClick={sendToChosen} loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}
