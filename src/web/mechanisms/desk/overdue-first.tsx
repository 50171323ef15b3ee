/**
 * "Overdue first" on a desk's stage list: a switch (with the stage's overdue count) that shows the
 * stage's overdue items as a list of their own above the normal one. Lists are newest first by id
 * with keyset cursors (docs/adr/0003), so overdue items cannot be sorted to the top of the one
 * list; they are its `overdue=1` filter instead (docs/spec-deviations.md row 90). The overdue
 * list's page and search live in the component, not the URL, which the main list owns.
 */
import { Stack, Switch } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import type { Stage } from '../../../shared/contracts/desk';
import { DataTable } from '../../components/data-table';
import type { ListPage } from '../../lib/list-cache';
import { FIRST_PAGE, type ListView } from '../../lib/list-params';
import { useLocalListParams } from '../../lib/use-local-list-params';

export interface OverdueFirstProps<TItem extends { _id: number }> {
  stage: Stage;
  /** The desk's overdue list hook (`overdue=1`). */
  useOverdueList: (stage: Stage, view: ListView) => UseQueryResult<ListPage<TItem>>;
  columns: DataTableColumn<TItem>[];
  columnsKey: string;
  searchPlaceholder: string;
  onOpen: (item: TItem) => void;
}

/**
 * The switch (with the stage's overdue count) and, while it is on, the overdue list. Mounted above
 * the stage's own list, for the new and processing stages of a desk with deadlines.
 */
export function OverdueFirst<TItem extends { _id: number }>({
  stage,
  useOverdueList,
  columns,
  columnsKey,
  searchPlaceholder,
  onOpen,
}: OverdueFirstProps<TItem>) {
  const [on, setOn] = useState(false);
  const count = useOverdueList(stage, FIRST_PAGE).data?.total;
  return (
    <Stack gap="sm" mb="md">
      <Switch label={`Overdue first${count === undefined ? '' : ` (${count})`}`} checked={on} onChange={(e) => setOn(e.currentTarget.checked)} color="red" />
      {on ? (
        <OverdueList
          stage={stage}
          useOverdueList={useOverdueList}
          columns={columns}
          columnsKey={columnsKey}
          searchPlaceholder={searchPlaceholder}
          onOpen={onOpen}
        />
      ) : null}
    </Stack>
  );
}

function OverdueList<TItem extends { _id: number }>({ stage, useOverdueList, columns, columnsKey, searchPlaceholder, onOpen }: OverdueFirstProps<TItem>) {
  const list = useLocalListParams();
  const query = useOverdueList(stage, list.view);
  return (
    <DataTable<TItem>
      query={query}
      label="Overdue items"
      columns={columns}
      columnsKey={columnsKey}
      rowId={(item) => item._id}
      onOpen={onOpen}
      list={list}
      searchPlaceholder={searchPlaceholder}
      noRecordsText={list.q ? 'No overdue item matches this search' : 'Nothing is overdue'}
    />
  );
}
