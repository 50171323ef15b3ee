/** One plot listing (/society/plots/:id): what a push about it opens. */
import type { Plot } from '../../../shared/contracts/posts';
import { ItemScreen } from '../../app/item-screen';
import { PlotCard } from './plot-card';

export default function PlotItemScreen() {
  return <ItemScreen<Plot> type="plot">{(p) => <PlotCard plot={p} />}</ItemScreen>;
}
