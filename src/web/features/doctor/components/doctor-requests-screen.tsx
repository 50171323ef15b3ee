/**
 * /Doctor (spec section 2 "Doctor"): the requests waiting for a meeting link, newest first, 10 per
 * page, searched on the server (page, search and cursor in the URL), with the new-requests bell —
 * the desks' shared first-stage screen. Action opens 'Doctor Details'; once its link is generated
 * the row leaves the list.
 */
import type { DoctorRequest } from '../../../../shared/contracts/doctor';
import { DeskStageScreen } from '../../../mechanisms/desk/desk-stage-screen';
import type { ListView } from '../../../lib/list-params';
import { useDoctorRequests } from '../api/doctor-requests';
import { DoctorDetailsDrawer } from './doctor-details-drawer';
import { doctorRequestColumns } from './doctor-request-columns';
import { NewDoctorRequestsBell } from './new-doctor-requests-bell';

/** /Doctor lists the new stage only. */
const useNewDoctorRequests = (_stage: unknown, view: ListView) => useDoctorRequests(view);

export function DoctorRequestsScreen() {
  return (
    <DeskStageScreen<DoctorRequest>
      stage="new"
      useList={useNewDoctorRequests}
      title="Doctor requests"
      columns={doctorRequestColumns}
      searchPlaceholder="Search name, phone, address or description"
      emptyText="No new doctor requests"
      noMatchText="No requests match this search"
      toolbar={<NewDoctorRequestsBell />}
      renderDrawer={({ item, opened, onClose }) => <DoctorDetailsDrawer request={item} opened={opened} onClose={onClose} />}
    />
  );
}
