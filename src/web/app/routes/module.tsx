/**
 * One module path: not for this sub-role → 'This page is not available for your role.' (the
 * server refuses with 403 too); built → its screen (see ../screens); otherwise a plainly labelled
 * "not built yet" page naming the screen.
 */
import { useDocumentTitle } from '@mantine/hooks';
import { MSG } from '../../../shared/messages';
import { canUse, ROUTES, type RoutePath } from '../../../shared/subroles';
import { MessageScreen } from '../../components/message-screen';
import { screenName } from '../../lib/module-titles';
import { useUser } from '../../lib/user-context';
import { BUILT_SCREENS } from '../screens';

export function ModuleRoute({ path }: { path: RoutePath }) {
  const user = useUser();
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`Unknown module path ${path}`);
  const name = screenName(route);
  useDocumentTitle(`${name} · Society Desk`);

  if (!canUse(user.SubRole, route.module)) return <MessageScreen title={MSG.notAvailable} />;
  const Screen = BUILT_SCREENS[path];
  if (Screen) return <Screen />;
  return <MessageScreen title={`${name} — not built yet`}>This screen ({path}) will arrive with its module.</MessageScreen>;
}
