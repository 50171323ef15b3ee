/**
 * The one "are you sure?" dialog: a question, Cancel and the action's button. While `busy` the
 * dialog stays open (Escape and Cancel do nothing), so an answer never lands on a closed dialog.
 */
import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  /** The dialog's title and accessible name. */
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this post?'. */
  message: string;
  /** The action's button, e.g. 'Delete'. */
  confirmLabel: string;
  /** Red action button (deleting, blocking, disabling). */
  danger?: boolean;
  /** The action is running: its button spins, and the dialog cannot be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ opened, title, message, confirmLabel, danger, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancel = () => (busy ? undefined : onCancel());
  return (
    <Modal opened={opened} onClose={cancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={cancel} disabled={busy}>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
