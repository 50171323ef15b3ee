/** Doctor: ask (POST /api/doctor), open the meeting link, read the prescription (GET /api/resident/consultations). */
import type { ResidentConsultation } from '../../../shared/contracts/doctor';
import { t } from '../../i18n/catalogue';
import { keys } from '../../lib/query-client';
import { ConsultationCard } from './consultation-card';
import { TextRequestScreen } from './text-request-screen';

export default function DoctorScreen() {
  return (
    <TextRequestScreen<ResidentConsultation>
      title={t.services.doctor}
      path="/api/doctor"
      field="description"
      listKey={keys.consultations}
      listPath="/api/resident/consultations"
      texts={{ label: t.doctor.describe, submit: t.doctor.ask, filed: t.doctor.asked, mine: t.doctor.mine }}
      renderItem={(c) => <ConsultationCard key={c._id} consultation={c} />}
    />
  );
}
