/** Grocery: ask (POST /api/grocery, the list optional), then see the order, its lines and total, and Delivered (GET /api/resident/orders). */
import type { ResidentOrder } from '../../../shared/contracts/grocery';
import { t } from '../../i18n/catalogue';
import { keys } from '../../lib/query-client';
import { OrderCard } from './order-card';
import { TextRequestScreen } from './text-request-screen';

export default function GroceryScreen() {
  return (
    <TextRequestScreen<ResidentOrder>
      title={t.services.grocery}
      path="/api/grocery"
      field="list"
      listKey={keys.orders}
      listPath="/api/resident/orders"
      texts={{ label: t.grocery.list, submit: t.grocery.ask, filed: t.grocery.asked, mine: t.grocery.mine }}
      renderItem={(r) => <OrderCard key={r._id} request={r} />}
    />
  );
}
