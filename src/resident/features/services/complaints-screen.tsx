/** Complaints: file one (POST /api/complain) and follow each one's stage and the staff's response (GET /api/resident/complaints). */
import type { Complaint } from '../../../shared/contracts/complaints';
import { t } from '../../i18n/catalogue';
import { keys } from '../../lib/query-client';
import { ComplaintCard } from './complaint-card';
import { TextRequestScreen } from './text-request-screen';

export default function ComplaintsScreen() {
  return (
    <TextRequestScreen<Complaint>
      title={t.services.complaints}
      path="/api/complain"
      field="complain"
      listKey={keys.complaints}
      listPath="/api/resident/complaints"
      texts={{ label: t.complaints.describe, submit: t.complaints.file, filed: t.complaints.filed, mine: t.complaints.mine }}
      renderItem={(c) => <ComplaintCard key={c._id} complaint={c} />}
    />
  );
}
