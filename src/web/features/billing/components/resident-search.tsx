/**
 * /Billing's resident search (spec section 2 "Billing"): type the full name, Verify, and the
 * matching residents appear (name prefix, case-insensitive, 10 a page from the server); pick one
 * with 'Generate Bill'. A single match is picked at once. No match: toast 'No matching document
 * found.' (spec section 8).
 */
import { Button, Group, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState, type FormEvent } from 'react';
import type { BillResident } from '../../../../shared/contracts/billing';
import { PAGE_SIZE } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { errorMessage } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { billResidentsOptions, useBillResidents } from '../api/bill-residents';
import { bindText } from '../../../lib/use-form-errors';

interface ResidentSearchProps {
  selected: BillResident | null;
  onSelect: (resident: BillResident | null) => void;
}

export function ResidentSearch({ selected, onSelect }: ResidentSearchProps) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [verifying, setVerifying] = useState(false);
  const { data, isFetching } = useBillResidents(name, page);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (!next) return;
    setVerifying(true);
    try {
      const first = await queryClient.fetchQuery(billResidentsOptions(next, 1));
      setName(next);
      setPage(1);
      onSelect(first.items.length === 1 && first.total === 1 ? (first.items[0] ?? null) : null);
      if (first.total === 0) notifyError(MSG.noMatchingDocument);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setVerifying(false);
    }
  };

  const columns: DataTableColumn<BillResident>[] = [
    { accessor: 'name', title: 'Name' },
    { accessor: 'residentId', title: 'Resident ID' },
    { accessor: 'phoneNo', title: 'Phone' },
    { accessor: 'address', title: 'Address' },
    {
      accessor: '_id',
      title: 'Action',
      render: (r) => (
        <Button size="xs" variant={selected?._id === r._id ? 'filled' : 'light'} onClick={() => onSelect(r)} aria-label={`Generate Bill for ${r.name}`}>
          Generate Bill
        </Button>
      ),
    },
  ];

  return (
    <>
      <form onSubmit={(e) => void verify(e)}>
        <Group align="flex-end" gap="sm">
          <TextInput label="Full name" placeholder="Resident's full name" {...bindText(text, setText)} w={{ base: '100%', sm: 320 }} maxLength={100} />
          <Button type="submit" loading={verifying} disabled={!text.trim()}>
            Verify
          </Button>
        </Group>
      </form>
      {name && data && data.total > 0 ? (
        <DataTable<BillResident>
          mt="md"
          aria-label="Matching residents"
          withTableBorder
          striped
          fetching={isFetching}
          records={data.items}
          columns={columns}
          idAccessor="_id"
          page={page}
          onPageChange={setPage}
          totalRecords={data.total}
          recordsPerPage={PAGE_SIZE}
        />
      ) : null}
    </>
  );
}
