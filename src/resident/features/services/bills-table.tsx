/** Bills as the resident reads them: month, units, rate per unit, total in rupees (a page of them, or the one a push opens). */
import { Table } from '@mantine/core';
import type { ResidentBill } from '../../../shared/contracts/billing';
import { t } from '../../i18n/catalogue';
import { formatMonth } from '../../../shared/format/day-month';
import { formatPkr } from '../../../shared/format/money';

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
            <Table.Td>{formatMonth(b.period)}</Table.Td>
            <Table.Td>{b.units}</Table.Td>
            <Table.Td>{formatPkr(b.ratePerUnit)}</Table.Td>
            <Table.Td>{formatPkr(b.total)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
