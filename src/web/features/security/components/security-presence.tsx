/** "N security staff online" on the security screens (presence: live socket connections of button-one staff). */
import { Badge } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useSecurityPresence } from '../alarm/presence';

export function SecurityPresence() {
  const connected = useSecurityPresence();
  return (
    <Badge size="lg" variant="light" color={connected ? 'teal' : 'gray'} leftSection={<IconShieldCheck size={14} aria-hidden />} aria-live="polite">
      {connected === null ? 'Checking who is online…' : `${connected} security staff online`}
    </Badge>
  );
}
