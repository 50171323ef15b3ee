/** Bills as the resident reads them: month, units, rate per unit, total in rupees (a page of them, or the one a push opens). */
import { Table } from '@mantine/core';
import type { ResidentBill } from '../../../shared/contracts/billing';
import { t } from '../../i18n/catalogue';
import { formatMoney } from '../../lib/format';

export function BillsTable({ bills }: { bills: readonly ResidentBill[] }) {
  return (
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
        {bills.map((b) => (
          <Table.Tr key={b._id}>
            <Table.Td>{b.period}</Table.Td>
            <Table.Td>{b.units}</Table.Td>
            <Table.Td>{formatMoney(b.ratePerUnit)}</Table.Td>
            <Table.Td>{formatMoney(b.total)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
