/**
 * /NotificationPanel (spec section 2 "Notification panel"), for the notification and
 * super-admin sub-roles: one title and body, sent either to every approved resident of the
 * society ('Send to All', which reads 'Fetching...' while busy) or to one resident found by full
 * name; below, the live delivery report of the last message.
 */
import { Button, Group, Paper, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { PANEL_BODY_MAX, PANEL_TITLE_MAX, ZPanelMessage, type PanelMessage } from '../../../../shared/contracts/notification-panel';
import { MSG } from '../../../../shared/messages';
import { notifyOutcome } from '../../../lib/notify';
import { useFormErrors, bindText } from '../../../lib/use-form-errors';
import { useBroadcast } from '../api/send-message';
import { DeliveryReport } from './delivery-report';
import { ResidentPicker } from './resident-picker';

export function NotificationPanelScreen() {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const broadcast = useBroadcast();
  // The spec's message shows as a toast only: a copy under the field would repeat its text.
  const errors = useFormErrors(ZPanelMessage);
  /** The message as the server will take it, or null after showing why not (the server's texts). */
  const checkMessage = (): PanelMessage | null => errors.check({ title, body });

  const sendToAll = (event: FormEvent) => {
    event.preventDefault();
    const message = checkMessage();
    if (!message || broadcast.isPending) return;
    broadcast.mutate(
      message,
      notifyOutcome(MSG.panelSentToAll, (sent) => setCampaignId(sent.campaignId)),
    );
  };

  return (
    <Stack gap="lg" maw={900}>
      <Title order={2}>Notification Panel</Title>
      <Paper withBorder p="md" radius="sm" component="form" onSubmit={sendToAll} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" withAsterisk {...bindText(title, setTitle)} maxLength={PANEL_TITLE_MAX} autoComplete="off" error={errors.invalid('title')} />
          <Textarea label="Body" withAsterisk {...bindText(body, setBody)} maxLength={PANEL_BODY_MAX} autosize minRows={3} error={errors.invalid('body')} />
          <Group>
            <Button type="submit" disabled={broadcast.isPending}>
              {broadcast.isPending ? 'Fetching...' : 'Send to All'}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ResidentPicker check={checkMessage} onSent={setCampaignId} />
      <DeliveryReport campaignId={campaignId} />
    </Stack>
  );
}
