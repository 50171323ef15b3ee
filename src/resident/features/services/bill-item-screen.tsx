/** One bill (/services/bills/:id), in the bills table’s columns: what a push or notification about it opens. */
import type { ResidentBill } from '../../../shared/contracts/billing';
import { ItemScreen } from '../../app/item-screen';
import { BillsTable } from './bills-table';

export default function BillItemScreen() {
  return <ItemScreen<ResidentBill> type="bill">{(b) => <BillsTable bills={[b]} />}</ItemScreen>;
}
