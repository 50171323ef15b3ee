/**
 * The /Doctor bell: the badge is the server's count of requests still waiting for a link, the
 * drawer lists the newest page as 'Request 1', 'Request 2', … or says 'No more new requests'. It
 * reads the same cached query as the table's unsearched first page, so arrivals update both.
 */
import { NewRequestsBell } from '../../../mechanisms/desk/new-requests-bell';
import { formatDateTime } from '../../../lib/format';
import { FIRST_PAGE } from '../../../lib/list-params';
import { useDoctorRequests } from '../api/doctor-requests';

export function NewDoctorRequestsBell() {
  const { data, isLoading } = useDoctorRequests(FIRST_PAGE);
  const entries = data?.items.map((request) => ({
    key: request._id,
    items: [
      { label: 'Name', value: request.resident.name },
      { label: 'Phone', value: request.resident.phoneNo },
      { label: 'Address', value: request.resident.address },
      { label: 'Description', value: request.description },
      { label: 'Time', value: formatDateTime(request.pressedTime) },
    ],
  }));
  return (
    <NewRequestsBell
      label="New doctor requests"
      drawerTitle="New Doctor Requests"
      entryPrefix="Request"
      count={data?.total}
      entries={entries}
      loading={isLoading}
    />
  );
}
