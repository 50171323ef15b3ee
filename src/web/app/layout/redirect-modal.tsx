/**
 * After sign-in, sub-roles button-one/two/three see 'Re-directing' / 'System is re-directing'
 * with a Continue button (spec section 1). The login route marks the first navigation with
 * `state.signedIn`; Continue clears it so the modal does not come back on reload.
 */
import { Button, Modal, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '../../../shared/messages';
import { isSubRole, REDIRECT_MODAL_SUB_ROLES } from '../../../shared/subroles';

export interface SignedInState {
  signedIn?: boolean;
}

export function RedirectModal({ subRole }: { subRole: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as SignedInState | null;
  const opened = Boolean(state?.signedIn) && isSubRole(subRole) && REDIRECT_MODAL_SUB_ROLES.includes(subRole);

  const dismiss = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });

  return (
    <Modal opened={opened} onClose={dismiss} title={MSG.redirectTitle} withCloseButton={false} centered>
      <Text mb="md">{MSG.redirectBody}</Text>
      <Button onClick={dismiss} fullWidth>
        Continue
      </Button>
    </Modal>
  );
}
