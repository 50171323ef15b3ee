/**
 * After sign-in, sub-roles button-one/two/three see 'Re-directing' / 'System is re-directing'
 * with a Continue button (spec section 1). The login route marks the first navigation with
 * `state.signedIn`; Continue clears it so the modal does not come back on reload.
 *
 * The dialog itself (Mantine's Modal, which brings ScrollArea and @floating-ui/react) is loaded
 * the first time it opens, not with the shell (ADR 0006, the bundle budget).
 */
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSubRole, REDIRECT_MODAL_SUB_ROLES } from '../../../shared/subroles';
import { lazyChunk } from '../../lib/load-chunk';

const RedirectDialog = lazyChunk(() => import('./redirect-dialog').then((m) => ({ default: m.RedirectDialog })));

export interface SignedInState {
  signedIn?: boolean;
}

export function RedirectModal({ subRole }: { subRole: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as SignedInState | null;
  const opened = Boolean(state?.signedIn) && isSubRole(subRole) && REDIRECT_MODAL_SUB_ROLES.includes(subRole);
  // Once opened, the dialog stays mounted so that closing it plays Mantine's transition.
  const [loaded, setLoaded] = useState(false);
  if (opened && !loaded) setLoaded(true);

  const dismiss = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <RedirectDialog opened={opened} onContinue={dismiss} />
    </Suspense>
  );
}
