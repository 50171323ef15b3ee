/**
 * One list screen of a three-stage desk (STYLE "Distilled" 4: one mechanism, per-module
 * configuration): complaints (/Complaints, /Pending, /Completed), security (/Security,
 * /ProcessSec, /CompletedSecurity) and the first stage of grocery (/Grocery) and doctor
 * (/Doctor). Page, search and cursor are in the URL; the Action column (a pencil, an eye on the
 * read-only completed stage) opens the desk's drawer with the clicked row (shown at once, refreshed by the drawer's detail
 * call).
 */
import { Group, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState, type ReactNode } from 'react';
import type { Stage } from '../../../shared/contracts/desk';
import type { ListPage } from '../../lib/list-cache';
import type { ListView } from '../../lib/list-params';
import { useListParams } from '../../lib/use-list-params';
import { DataTable } from '../../components/data-table';
import { OverdueFirst } from './overdue-first';

/** What the drawer of a desk receives from its list screen. */
export interface DeskDrawerSlotProps<TItem> {
  stage: Stage;
  /** The row that was opened (null until one is). */
  item: TItem | null;
  opened: boolean;
  onClose: () => void;
}

export interface DeskStageScreenProps<TItem extends { _id: number }> {
  stage: Stage;
  /** The desk's list hook (createDesk's `useList`). */
  useList: (stage: Stage, view: ListView) => UseQueryResult<ListPage<TItem>>;
  /** Page heading, e.g. 'New complaints'. */
  title: string;
  /** Data columns (the Action column is added in front). */
  columns: DataTableColumn<TItem>[];
  /** The desk's name for the member's choice of columns, shared by its stages, e.g. 'complaints'. */
  columnsKey: string;
  searchPlaceholder: string;
  /** Empty list without a search, e.g. 'No new complaints'. */
  emptyText: string;
  /** Empty list for a search, e.g. 'No complaints match this search'. */
  noMatchText: string;
  /** Controls at the right of the table toolbar (the bell on the first stage). */
  toolbar?: ReactNode;
  /** Shown at the right of the heading (e.g. how many security staff are online). */
  headerExtra?: ReactNode;
  /** The list's API path (e.g. '/api/complain'): an Export button downloads the stage as the table shows it. */
  exportPath?: string;
  /** The desk's drawer. */
  renderDrawer: (props: DeskDrawerSlotProps<TItem>) => ReactNode;
  /** A desk with deadlines: its overdue list (`overdue=1`), for the "Overdue first" switch of the new and processing stages. */
  useOverdueList?: (stage: Stage, view: ListView) => UseQueryResult<ListPage<TItem>>;
}

export function DeskStageScreen<TItem extends { _id: number }>({
  stage,
  useList,
  title,
  columns,
  columnsKey,
  searchPlaceholder,
  emptyText,
  noMatchText,
  toolbar,
  headerExtra,
  exportPath,
  renderDrawer,
  useOverdueList,
}: DeskStageScreenProps<TItem>) {
  const list = useListParams();
  const query = useList(stage, list.view);
  const [selected, setSelected] = useState<TItem | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (item: TItem) => {
    setSelected(item);
    setOpened(true);
  };

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{title}</Title>
        {headerExtra}
      </Group>
      {useOverdueList && stage !== 'completed' ? (
        <OverdueFirst<TItem>
          key={stage}
          stage={stage}
          useOverdueList={useOverdueList}
          columns={columns}
          columnsKey={columnsKey}
          searchPlaceholder={searchPlaceholder}
          onOpen={open}
        />
      ) : null}
      <DataTable<TItem>
        query={query}
        columns={columns}
        columnsKey={columnsKey}
        readOnly={stage === 'completed'}
        rowId={(item) => item._id}
        onOpen={open}
        list={list}
        searchPlaceholder={searchPlaceholder}
        toolbar={toolbar}
        exportOf={exportPath ? { path: exportPath, query: { stage } } : undefined}
        noRecordsText={list.q ? noMatchText : emptyText}
      />
      {renderDrawer({ stage, item: selected, opened, onClose: () => setOpened(false) })}
    </>
  );
}
