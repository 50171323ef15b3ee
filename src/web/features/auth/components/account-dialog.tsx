/**
 * "My account" (the header's button): the member's password, two-factor sign-in and sessions, in
 * tabs. A lazy chunk with its forms, so none of it is part of the initial load.
 */
import { Modal, Tabs } from '@mantine/core';
import ChangePasswordForm from './change-password-form';
import OwnSessions from './own-sessions';
import TwoFactorSettings from './two-factor-settings';

export default function AccountDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="My account" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Tabs defaultValue="password" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="password">Password</Tabs.Tab>
          <Tabs.Tab value="two-factor">Two-factor sign-in</Tabs.Tab>
          <Tabs.Tab value="sessions">Sessions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="password">
          <ChangePasswordForm temporary={false} onDone={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="two-factor">
          <TwoFactorSettings />
        </Tabs.Panel>
        <Tabs.Panel value="sessions">
          <OwnSessions />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
