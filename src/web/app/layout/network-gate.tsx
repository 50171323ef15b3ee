/**
 * When the browser is offline, a screen saying 'You are currently offline' replaces every route
 * (spec section 2). The routes stay mounted underneath, hidden: open drawers, typed text and the
 * live listeners survive, and the screen catches up by itself when the connection returns. The
 * offline layer sits above Mantine's portals (drawers, modals, toasts) so nothing shows through.
 */
import { Box } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { SHELL_MSG } from '../../../shared/shell-messages';
import { MessageScreen } from '../../components/message-screen';

export function NetworkGate() {
  const { online } = useNetwork();
  return (
    <>
      <div hidden={!online}>
        <Outlet />
      </div>
      {online ? null : (
        <Box pos="fixed" inset={0} bg="var(--mantine-color-body)" style={{ zIndex: 10_000 }}>
          <MessageScreen fullScreen title={SHELL_MSG.offline}>
            This page comes back by itself when the connection returns.
          </MessageScreen>
        </Box>
      )}
    </>
  );
}
