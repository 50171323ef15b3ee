/** One complaint (/services/complaints/:id): what a push or notification about it opens. */
import type { Complaint } from '../../../shared/contracts/complaints';
import { ItemScreen } from '../../app/item-screen';
import { ComplaintCard } from './complaint-card';

export default function ComplaintItemScreen() {
  return <ItemScreen<Complaint> type="complaint">{(c) => <ComplaintCard complaint={c} />}</ItemScreen>;
}
