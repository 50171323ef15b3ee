/** One not-at-home request (/services/not-home/:id), with Cancel and I’m back while active: what a push or notification about it opens. */
import type { NotHome } from '../../../shared/contracts/not-home';
import { ItemScreen } from '../../app/item-screen';
import { NotHomeCard } from './not-home-card';

export default function NotHomeItemScreen() {
  return <ItemScreen<NotHome> type="nothome">{(r) => <NotHomeCard request={r} />}</ItemScreen>;
}
