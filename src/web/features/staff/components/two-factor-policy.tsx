/**
 * /Staff's switch: require two-factor sign-in of every super-admin of the society. Refused (with
 * the server's reason) until the super-admin has it on themselves; super-admins without it are
 * then held at My account until they turn it on.
 */
import { Switch } from '@mantine/core';
import { notifyOutcome } from '../../../lib/notify';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/staff';

export function TwoFactorPolicySwitch() {
  const policy = useTwoFactorPolicy();
  const save = useSetTwoFactorPolicy();
  return (
    <Switch
      label="Require two-factor sign-in for super-admins"
      description="Super-admins without it must turn it on in My account before anything else."
      checked={policy.data?.requireForSuperAdmins ?? false}
      disabled={!policy.data || save.isPending}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        save.mutate(on, notifyOutcome(on ? 'Two-factor sign-in is now required for super-admins.' : 'Two-factor sign-in is no longer required.'));
      }}
    />
  );
}
