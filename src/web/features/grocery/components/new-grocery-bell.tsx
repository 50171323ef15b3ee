/**
 * The /Grocery bell (spec section 2 "Grocery list"): the badge is the server's count of new
 * requests; the 'New Orders List' drawer lists the newest page as 'Request 1', 'Request 2', …
 * or says 'No more new requests'. It reads the same cached query as the table's unsearched first
 * page, so a live arrival updates both at once.
 */
import { NewRequestsBell } from '../../../mechanisms/desk/new-requests-bell';
import { formatDateTime } from '../../../lib/format';
import { FIRST_PAGE } from '../../../lib/list-params';
import { useGroceryRequests } from '../api/grocery-requests';

export function NewGroceryBell() {
  const { data, isLoading } = useGroceryRequests(FIRST_PAGE);
  const entries = data?.items.map((request) => ({
    key: request._id,
    items: [
      { label: 'Name', value: request.resident.name },
      { label: 'Phone', value: request.resident.phoneNo },
      { label: 'Address', value: request.resident.address },
      { label: 'List', value: request.list },
      { label: 'Time', value: formatDateTime(request.pressedTime) },
    ],
  }));
  return (
    <NewRequestsBell
      label="New grocery requests"
      drawerTitle="New Orders List"
      entryPrefix="Request"
      count={data?.total}
      entries={entries}
      loading={isLoading}
    />
  );
}
