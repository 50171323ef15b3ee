/**
 * /Doctor (spec section 2 "Doctor"): the requests waiting for a meeting link, newest first, 10 per
 * page, searched on the server (page, search and cursor in the URL), with the new-requests bell —
 * the desks' shared first-stage screen. Action opens 'Doctor Details'; once its link is generated
 * the row leaves the list.
 */
import type { DoctorRequest } from '../../../../shared/contracts/doctor';
import { DeskStageScreen } from '../../../mechanisms/desk/desk-stage-screen';
import { NewRequestsBell, pressedLine, residentLines } from '../../../mechanisms/desk/new-requests-bell';
import { FIRST_PAGE, type ListView } from '../../../lib/list-params';
import { useDoctorRequests, useOverdueDoctorRequests } from '../api/doctor-requests';
import { DoctorDetailsDrawer } from './doctor-details-drawer';
import { doctorRequestColumns } from './doctor-request-columns';

/** /Doctor lists the new stage only. */
const useNewDoctorRequests = (_stage: unknown, view: ListView) => useDoctorRequests(view);

const useOverdueNewDoctorRequests = (_stage: unknown, view: ListView) => useOverdueDoctorRequests(view);

const useNewest = () => useDoctorRequests(FIRST_PAGE);
const bellEntry = (request: DoctorRequest) => [
  ...residentLines(request.resident),
  { label: 'Description', value: request.description },
  pressedLine(request.pressedTime),
];

export function DoctorRequestsScreen() {
  return (
    <DeskStageScreen<DoctorRequest>
      stage="new"
      useList={useNewDoctorRequests}
      exportPath="/api/doctor"
      title="Doctor requests"
      columns={doctorRequestColumns}
      columnsKey="doctor-requests"
      searchPlaceholder="Search name, phone, address or description"
      emptyText="No new doctor requests"
      noMatchText="No requests match this search"
      toolbar={<NewRequestsBell label="New doctor requests" drawerTitle="New Doctor Requests" useNewest={useNewest} details={bellEntry} />}
      renderDrawer={({ item, opened, onClose }) => <DoctorDetailsDrawer request={item} opened={opened} onClose={onClose} />}
      useOverdueList={useOverdueNewDoctorRequests}
    />
  );
}
