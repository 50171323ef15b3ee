/** One discount (/society/discounts/:id): what a push about it opens. */
import type { Discount } from '../../../shared/contracts/posts';
import { ItemScreen } from '../../app/item-screen';
import { DiscountCard } from './discount-card';

export default function DiscountItemScreen() {
  return <ItemScreen<Discount> type="discount">{(d) => <DiscountCard discount={d} />}</ItemScreen>;
}
