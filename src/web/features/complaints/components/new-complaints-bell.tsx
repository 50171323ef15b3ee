/**
 * Bell on the new-complaints screen: the badge is the server's count of new complaints, the drawer
 * lists the newest page as 'Complain 1', 'Complain 2', … It reads the same cached query as the
 * table's unsearched first page, so live arrivals update both at once.
 */
import { NewRequestsBell } from '../../../mechanisms/desk/new-requests-bell';
import { formatDateTime } from '../../../lib/format';
import { FIRST_PAGE } from '../../../lib/list-params';
import { complaintsDesk } from '../api/complaints-desk';

export function NewComplaintsBell() {
  const { data, isLoading } = complaintsDesk.useList('new', FIRST_PAGE);
  const entries = data?.items.map((complaint) => ({
    key: complaint._id,
    items: [
      { label: 'Name', value: complaint.resident.name },
      { label: 'Phone', value: complaint.resident.phoneNo },
      { label: 'Address', value: complaint.resident.address },
      { label: 'Email', value: complaint.resident.email },
      { label: 'Complain', value: complaint.complain },
      { label: 'Time', value: formatDateTime(complaint.pressedTime) },
    ],
  }));
  // Title: the spec's 'New Grocery Lists' here is a copy-paste defect; this drawer lists complaints.
  return (
    <NewRequestsBell
      label="New complaints"
      drawerTitle="New Complaints"
      entryPrefix="Complain"
      count={data?.total}
      entries={entries}
      loading={isLoading}
    />
  );
}
