/** Any other path inside the signed-in app. */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { SHELL_MSG } from '../../../shared/shell-messages';
import { MessageScreen } from '../../components/message-screen';

export function NotFoundRoute() {
  return (
    <MessageScreen title={SHELL_MSG.notFound}>
      <Anchor component={Link} to="/">
        Go to your home screen
      </Anchor>
    </MessageScreen>
  );
}
