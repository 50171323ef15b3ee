/**
 * The import preview's two tables (spec section 2 "Billing"): 'File Data' (rows matched to a
 * resident, with the bill each will get) and 'Mis-Matched Data' (the rest, with the reason). The
 * preview is one answer of the server, so these page through it locally, 10 rows a page.
 */
import { Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import type { ImportRow, MisMatchedRow } from '../../../../shared/contracts/billing';
import { formatMoney } from '../../../../shared/format/money';
import { PAGE_SIZE } from '../../../../shared/constants';

const sheetColumns = [
  { accessor: 'row', title: 'Row', width: 60 },
  { accessor: 'index', title: 'Index' },
  { accessor: 'name', title: 'Name' },
  { accessor: 'address', title: 'Address' },
  { accessor: 'block', title: 'Block' },
] as const;

const fileDataColumns: DataTableColumn<ImportRow>[] = [
  ...sheetColumns,
  { accessor: 'residentId', title: 'Resident ID' },
  { accessor: 'units', title: 'Units' },
  { accessor: 'ratePerUnit', title: 'Rate (PKR)', render: (r) => formatMoney(r.ratePerUnit) },
  { accessor: 'total', title: 'Total (PKR)', render: (r) => formatMoney(r.total) },
];

const misMatchedColumns: DataTableColumn<MisMatchedRow>[] = [
  ...sheetColumns,
  { accessor: 'units', title: 'Units' },
  { accessor: 'rate', title: 'Rate' },
  { accessor: 'reason', title: 'Reason' },
];

function PreviewTable<T extends { row: number }>({
  title,
  records,
  columns,
  empty,
}: {
  title: string;
  records: T[];
  columns: DataTableColumn<T>[];
  empty: string;
}) {
  const [page, setPage] = useState(1);
  const last = Math.max(1, Math.ceil(records.length / PAGE_SIZE));
  const current = Math.min(page, last);
  return (
    <>
      <Title order={4} mt="lg" mb="xs">
        {title} ({records.length})
      </Title>
      <DataTable<T>
        aria-label={title}
        withTableBorder
        striped
        minHeight={records.length ? undefined : 120}
        records={records.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
        columns={columns}
        idAccessor="row"
        noRecordsText={empty}
        page={current}
        onPageChange={setPage}
        totalRecords={records.length}
        recordsPerPage={PAGE_SIZE}
      />
    </>
  );
}

export function ImportTables({ fileData, misMatched }: { fileData: ImportRow[]; misMatched: MisMatchedRow[] }) {
  return (
    <>
      <PreviewTable title="File Data" records={fileData} columns={fileDataColumns} empty="No row matched a resident" />
      <PreviewTable title="Mis-Matched Data" records={misMatched} columns={misMatchedColumns} empty="Every row matched" />
    </>
  );
}
