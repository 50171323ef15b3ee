/** The temporary password of a new or reset account (a staff member on /Staff, a resident on /Status), shown once, with a copy button. */
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

export interface IssuedPassword {
  name: string;
  password: string;
}

export function TemporaryPasswordDialog({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  return (
    <Modal opened={issued !== null} onClose={onClose} title="Temporary password" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {issued ? (
        <Stack>
          <Text>Give this temporary password to {issued.name}. It is shown only this once. They choose a password of their own when they first sign in.</Text>
          <Code block fz="lg" aria-label="Temporary password">
            {issued.password}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={issued.password}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
