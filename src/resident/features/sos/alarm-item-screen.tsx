/** One SOS alarm of the resident’s (/alarms/:id): what a push about its acknowledgement or resolution opens. */
import type { ResidentAlarm } from '../../../shared/contracts/resident';
import { ItemScreen } from '../../app/item-screen';
import { AlarmCard } from './alarm-card';

export default function AlarmItemScreen() {
  return <ItemScreen<ResidentAlarm> type="alarm">{(a) => <AlarmCard alarm={a} />}</ItemScreen>;
}
