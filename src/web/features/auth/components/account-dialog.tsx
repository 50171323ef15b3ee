/**
 * "My account" (the header's button): a dialog with the member's password form. A lazy chunk with
 * the form, so the dialog's code is not part of the initial load.
 */
import { Modal } from '@mantine/core';
import ChangePasswordForm from './change-password-form';

export default function AccountDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="My account">
      <ChangePasswordForm temporary={false} onDone={onClose} />
    </Modal>
  );
}
