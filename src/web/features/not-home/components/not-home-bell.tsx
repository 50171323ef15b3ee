/**
 * The /NotHome bell (spec section 2 "Not at home"): the badge counts active requests with no
 * guard yet; the 'Not at Home Persons Details' drawer lists the newest of them (Name, PhoneNo,
 * Address, Days) or says 'No more new requests'.
 */
import { NewRequestsBell } from '../../../mechanisms/desk/new-requests-bell';
import { FIRST_PAGE } from '../../../lib/list-params';
import { useNotHomeList } from '../api/not-home-requests';

export function NotHomeBell() {
  const { data, isLoading } = useNotHomeList('active', FIRST_PAGE, 'unassigned');
  const entries = data?.items.map((request) => ({
    key: request._id,
    items: [
      { label: 'Name', value: request.resident.name },
      { label: 'PhoneNo', value: request.resident.phoneNo },
      { label: 'Address', value: request.resident.address },
      { label: 'Days', value: request.days },
    ],
  }));
  return (
    <NewRequestsBell
      label="New not-at-home requests"
      drawerTitle="Not at Home Persons Details"
      entryPrefix="Request"
      count={data?.total}
      entries={entries}
      loading={isLoading}
    />
  );
}
