/** Plot listings of the society (GET /api/resident/plots), a page at a time. */
import type { Plot } from '../../../shared/contracts/posts';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { PlotCard } from './plot-card';

export default function PlotsScreen() {
  const { list, page, setPage } = usePaged<Plot>(keys.plots, '/api/resident/plots');
  return (
    <Screen title={t.society.plots} back={{ to: '/society', label: t.society.title }}>
      <ListState list={list}>{(items) => items.map((p) => <PlotCard key={p._id} plot={p} />)}</ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
