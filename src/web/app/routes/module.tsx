/**
 * One module path: not for this sub-role → 'This page is not available for your role.' (the
 * server refuses with 403 too); built → the screen a feature brings for it (../features.ts; loaded
 * on first visit); otherwise a plainly labelled "not built yet" page naming the screen.
 */
import { Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Suspense } from 'react';
import { SHELL_MSG } from '../../../shared/shell-messages';
import { canUse, ROUTES, type RoutePath } from '../../../shared/subroles';
import { MessageScreen } from '../../components/message-screen';
import { useUser } from '../../lib/user-context';
import { SCREENS, screenName } from '../features';

export function ModuleRoute({ path }: { path: RoutePath }) {
  const user = useUser();
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`Unknown module path ${path}`);
  const name = screenName(route);
  useDocumentTitle(`${name} · Society Desk`);

  if (!canUse(user.SubRole, route.module)) return <MessageScreen title={SHELL_MSG.notAvailable} />;
  const Screen = SCREENS[path];
  if (Screen) {
    // Screens are loaded on first visit (their feature's index lazy-loads them); the shell and the alarm center stay up meanwhile.
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label="Loading the screen" />
          </Center>
        }
      >
        {/* Says which screen is drawn: while a navigation loads the next screen's chunk, the router's
            transition keeps the last one on show under the new address. No box of its own. */}
        <div data-screen={path} style={{ display: 'contents' }}>
          <Screen />
        </div>
      </Suspense>
    );
  }
  return <MessageScreen title={`${name} — not built yet`}>This screen ({path}) will arrive with its module.</MessageScreen>;
}
