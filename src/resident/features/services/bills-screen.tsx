/** The resident's own bills (GET /api/resident/bills), a page at a time. */
import type { ResidentBill } from '../../../shared/contracts/billing';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { BillsTable } from './bills-table';

export default function BillsScreen() {
  const { list, page, setPage } = usePaged<ResidentBill>(keys.bills, '/api/resident/bills');
  return (
    <Screen title={t.bills.title} back={{ to: '/services', label: t.services.title }}>
      <ListState list={list}>{(items) => <BillsTable bills={items} />}</ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
