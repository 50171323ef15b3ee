/** The 'Re-directing' dialog shown after sign-in (see redirect-modal.tsx, which loads it on first open). */
import { Button, Modal, Text } from '@mantine/core';
import { MSG } from '../../../shared/messages';

export function RedirectDialog({ opened, onContinue }: { opened: boolean; onContinue: () => void }) {
  return (
    <Modal opened={opened} onClose={onContinue} title={MSG.redirectTitle} withCloseButton={false} centered>
      <Text mb="md">{MSG.redirectBody}</Text>
      <Button onClick={onContinue} fullWidth>
        Continue
      </Button>
    </Modal>
  );
}
