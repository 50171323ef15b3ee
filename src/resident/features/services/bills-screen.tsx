/** The resident's own bills (GET /api/resident/bills): month, units, rate per unit, total in rupees. */
import { Table } from '@mantine/core';
import type { ResidentBill } from '../../../shared/contracts/billing';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { formatMoney } from '../../lib/format';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';

export default function BillsScreen() {
  const { list, page, setPage } = usePaged<ResidentBill>(keys.bills, '/api/resident/bills');
  return (
    <Screen title={t.bills.title} back={{ to: '/services', label: t.services.title }}>
      <ListState list={list}>
        {(items) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.bills.period}</Table.Th>
                <Table.Th>{t.bills.units}</Table.Th>
                <Table.Th>{t.bills.rate}</Table.Th>
                <Table.Th>{t.bills.total}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((b) => (
                <Table.Tr key={b._id}>
                  <Table.Td>{b.period}</Table.Td>
                  <Table.Td>{b.units}</Table.Td>
                  <Table.Td>{formatMoney(b.ratePerUnit)}</Table.Td>
                  <Table.Td>{formatMoney(b.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
