/** One doctor request (/services/doctor/:id) with its meeting link and prescription: what a push or notification about it opens. */
import type { ResidentConsultation } from '../../../shared/contracts/doctor';
import { ItemScreen } from '../../app/item-screen';
import { ConsultationCard } from './consultation-card';

export default function ConsultationItemScreen() {
  return <ItemScreen<ResidentConsultation> type="consultation">{(c) => <ConsultationCard consultation={c} />}</ItemScreen>;
}
