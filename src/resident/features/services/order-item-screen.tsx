/** One grocery request (/services/grocery/:id) with its order: what a push or notification about it opens. */
import type { ResidentOrder } from '../../../shared/contracts/grocery';
import { ItemScreen } from '../../app/item-screen';
import { OrderCard } from './order-card';

export default function OrderItemScreen() {
  return <ItemScreen<ResidentOrder> type="order">{(r) => <OrderCard request={r} />}</ItemScreen>;
}
