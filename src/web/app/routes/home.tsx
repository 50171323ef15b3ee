/** '/' shows the home screen of the user's sub-role (spec section 2 "Home"). */
import { homeFor } from '../../../shared/subroles';
import { useUser } from '../../lib/user-context';
import { ModuleRoute } from './module';

export function HomeRoute() {
  const user = useUser();
  const home = homeFor(user.SubRole);
  return <ModuleRoute key={home} path={home} />;
}
