/**
 * The app's one list table (spec section 2 "Common table behaviour"): a search toolbar, server-side
 * pagination with one page size (10; the post lists 5, spec section 9) and no page-size selector
 * (docs/spec-deviations.md), and an optional Action column whose pencil (an eye when read-only) opens the row's side drawer.
 * Page, search and keyset cursor live in the URL ({@link useListParams}); the caller fetches with
 * them and passes its list query, whose page of records and server total the table shows.
 *
 * Paging one step forward or back hands the rows' ids to the URL as a cursor (docs/adr/0003). A
 * total that is only a lower bound (`totalExact` false: a search with more than 1,000 matches)
 * shows as '1,000+', and the pager offers the next page while this one is full instead of a page
 * count it does not know.
 *
 * Fitting the screen (1366×768 and a 1024×768 guard-desk tablet): the columns staff act on (the
 * icon columns, the name, the state and the time) are always shown; the others are
 * {@link optionalColumn}s that a member shows or hides with the Columns button, kept in local
 * storage per member and screen (`columnsKey`). Free-text columns are {@link truncatedColumn}s: one
 * line cut with an ellipsis, the full text on hover (and in the row's drawer), or
 * {@link wrappedColumn}s where the text must be read whole at a glance. Badges in cells wrap rather
 * than cut (app/theme.ts).
 */
import { ActionIcon, Alert, Box, Button, Checkbox, Group, Popover, Stack } from '@mantine/core';
import { IconColumns3, IconEye, IconPencil } from '@tabler/icons-react';
import { DataTable as MantineDataTable, getValueAtPath, useDataTableColumns, type DataTableColumn } from 'mantine-datatable';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { PAGE_SIZE } from '../../shared/constants';
import { errorMessage } from '../lib/api-error';
import type { ListPage } from '../lib/list-cache';
import { preferenceKey } from '../lib/preferences';
import type { ListParams } from '../lib/use-list-params';
import { useUser } from '../lib/user-context';
import { ExportButton, type ExportOf } from './export-button';
import { IconTooltip } from './icon-tooltip';
import { SearchInput } from './search-input';

/** What the table reads of a list page's query (a `useList` result of lib/list-api.ts). */
export type ListQueryState<T> = Pick<UseQueryResult<ListPage<T>>, 'data' | 'isFetching' | 'isPlaceholderData' | 'error'>;

export interface DataTableProps<T> {
  /** The list page's query: its page of records, the server's total and whether it is exact. */
  query: ListQueryState<T>;
  /** Rows a page (default PAGE_SIZE, 10): the only page size offered. */
  pageSize?: number;
  /** The table's accessible name, e.g. 'Feed posts'. */
  label?: string;
  /** Data columns; the Action column is added in front when `onOpen` is given. */
  columns: DataTableColumn<T>[];
  /** The row's `_id`: its key, and the cursor when paging one step (lists are newest first by it). */
  rowId: (record: T) => number;
  /**
   * Opens the row's drawer from a leading Action column. Omit it for a list whose columns carry
   * their own buttons (the spec's order lists start with Update and View).
   */
  onOpen?: (record: T) => void;
  list: ListParams;
  /** False for a list the server does not search (the SOS drills): no search box. */
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Extra controls at the right of the toolbar (e.g. a bell). */
  toolbar?: ReactNode;
  noRecordsText?: string;
  /**
   * The screen's name under which the member's choice of {@link optionalColumn}s is kept (with the
   * member's id, in local storage), e.g. 'not-home'. Screens showing the same list share it.
   */
  columnsKey?: string;
  /**
   * The Action column opens a drawer that only shows the row (a completed stage): an eye saying
   * 'View details' instead of the pencil saying 'Open details'.
   */
  readOnly?: boolean;
  /** The list's export (an Export button beside the search): its path and filters; the search is the table's. */
  exportOf?: ExportOf;
}

/** Longest a truncated cell grows before its text is cut with an ellipsis. */
const TRUNCATED_MAX_WIDTH = '12rem';

/** Viewports at least this wide (a 1366-pixel laptop) show the optional columns marked 'wide'. */
const WIDE_SCREEN = '(min-width: 80em)';

/**
 * When an optional column is shown until the member chooses: always, never, or only on a wide
 * screen (hidden on a 1024-pixel guard-desk tablet so the columns staff act on stay in view).
 */
export type ShownByDefault = boolean | 'wide';

/**
 * A column a member may hide or show with the Columns button; `shown` says whether it is shown
 * until they choose: the spec's columns that do not fit beside the ones staff act on start hidden.
 */
export function optionalColumn<T>(column: DataTableColumn<T>, shown: ShownByDefault = true): DataTableColumn<T> {
  return { ...column, toggleable: true, defaultToggle: shown === 'wide' ? wideScreen() : shown };
}

function wideScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(WIDE_SCREEN).matches;
}

/**
 * A free-text column cut to one line with an ellipsis; hovering shows the whole text (the
 * `title` attribute), which is the cell's value unless `text` says otherwise.
 */
export function truncatedColumn<T>(column: DataTableColumn<T>, text?: (record: T) => string): DataTableColumn<T> {
  const accessor = String(column.accessor);
  const full = text ?? ((record: T) => String(getValueAtPath(record, accessor) ?? ''));
  return {
    ...column,
    noWrap: undefined,
    ellipsis: true,
    cellsStyle: () => ({ maxWidth: TRUNCATED_MAX_WIDTH }),
    customCellAttributes: (record) => ({ title: full(record) }),
  } as DataTableColumn<T>;
}

/** Widest a wrapped cell grows before its text goes on to the next line. */
const WRAPPED_MAX_WIDTH = '10rem';

/**
 * A column whose text wraps onto more lines past {@link WRAPPED_MAX_WIDTH} (at spaces; a word is
 * never cut), for text that must be read whole where the table has little room (the address on
 * /Status at 1024 px). Nothing is hidden, so no tooltip is needed.
 */
export function wrappedColumn<T>(column: DataTableColumn<T>): DataTableColumn<T> {
  const accessor = String(column.accessor);
  return {
    ...column,
    noWrap: undefined,
    render: (record, index) => (
      <Box maw={WRAPPED_MAX_WIDTH} style={{ whiteSpace: 'normal' }}>
        {column.render ? column.render(record, index) : String(getValueAtPath(record, accessor) ?? '')}
      </Box>
    ),
  };
}

/**
 * A column of one icon button a row (Action, View, Update, Delete): its title is the header,
 * `label` the button's accessible name and `hint` its tooltip. Icons say what they open: a pencil
 * for a drawer that acts on the row, an eye for a read-only one, a bin for delete.
 */
export function iconColumn<T>(column: {
  title: string;
  label: string;
  hint: string;
  icon: ReactNode;
  onClick: (record: T) => void;
  color?: string;
  width?: number;
}): DataTableColumn<T> {
  return {
    accessor: `__${column.label.toLowerCase()}`,
    title: column.title,
    width: column.width ?? 80,
    textAlign: 'center',
    render: (record) => (
      <IconTooltip label={column.hint}>
        <ActionIcon variant="light" color={column.color} aria-label={column.label} onClick={() => column.onClick(record)}>
          {column.icon}
        </ActionIcon>
      </IconTooltip>
    ),
  };
}

/** What the pager is given: the real total, or while it is a lower bound, one page past this one if it is full. */
export function pagerTotal(page: number, shown: number, total: number, exact: boolean, pageSize = PAGE_SIZE): number {
  if (exact) return total;
  return (page - 1) * pageSize + shown + (shown === pageSize ? 1 : 0);
}

export function DataTable<T>({
  query,
  pageSize = PAGE_SIZE,
  label,
  columns,
  rowId,
  onOpen,
  list,
  searchable = true,
  searchPlaceholder,
  toolbar,
  noRecordsText = 'No records',
  columnsKey,
  readOnly = false,
  exportOf,
}: DataTableProps<T>) {
  const user = useUser();
  const { data, error } = query;
  const records = data?.items;
  const total = data?.total;
  const totalExact = data?.totalExact ?? true;
  // The loader shows while nothing or the previous page's placeholder is on screen, not on a background refetch.
  const fetching = query.isFetching && (query.isPlaceholderData || !data);
  const { page, cursor, setPage } = list;
  const shown = records?.length ?? 0;

  // Rows can leave a list (stage changes, deletions): step back when the current page has run out,
  // and read an emptied cursor page by offset instead (both moves drop the cursor).
  useEffect(() => {
    if (fetching || total === undefined || records === undefined || page <= 1) return;
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (totalExact && page > lastPage) setPage(lastPage);
    else if (records.length === 0 && cursor !== null) setPage(page);
  }, [fetching, total, totalExact, records, page, cursor, setPage, pageSize]);

  const changePage = (to: number) => {
    const first = records?.[0];
    const last = records?.[records.length - 1];
    // Only rows of the page on screen make a cursor (not the previous page kept while loading).
    setPage(to, !fetching && first !== undefined && last !== undefined ? { first: rowId(first), last: rowId(last) } : undefined);
  };

  const allColumns = useMemo(
    () => [
      ...(onOpen
        ? [
            iconColumn<T>({
              title: 'Action',
              label: 'Action',
              hint: readOnly ? 'View details' : 'Open details',
              icon: readOnly ? <IconEye size={18} aria-hidden /> : <IconPencil size={18} aria-hidden />,
              onClick: onOpen,
            }),
          ]
        : []),
      ...columns,
    ],
    [columns, onOpen, readOnly],
  );
  const storeKey = columnsKey ? preferenceKey(user._id, `columns:${columnsKey}`) : undefined;
  const { effectiveColumns, columnsToggle, setColumnsToggle, resetColumnsToggle } = useDataTableColumns<T>({ key: storeKey, columns: allColumns });
  // The table gets the member's columns as plain shown/hidden ones: its own toggling (a header
  // context menu without names, which axe flags) would also apply the defaults over the choice.
  const shownColumns = useMemo(
    () => effectiveColumns.map(({ toggleable: _t, defaultToggle: _d, ...column }) => column as DataTableColumn<T>),
    [effectiveColumns],
  );

  return (
    <>
      {searchable || toolbar || exportOf || storeKey ? (
        <Group justify={searchable ? 'space-between' : 'flex-end'} mb="sm" gap="sm">
          {searchable ? <SearchInput value={list.q} onSearch={list.setQ} placeholder={searchPlaceholder} /> : null}
          <Group gap="sm">
            {toolbar}
            {exportOf ? <ExportButton of={exportOf} q={list.q} /> : null}
            {storeKey ? <ColumnChooser columns={allColumns} toggles={columnsToggle} onChange={setColumnsToggle} onReset={resetColumnsToggle} /> : null}
          </Group>
        </Group>
      ) : null}
      {error ? (
        <Alert color="red" mb="sm" title="Could not load the list">
          {errorMessage(error)}
        </Alert>
      ) : null}
      <MantineDataTable<T>
        aria-label={label}
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={records && records.length > 0 ? undefined : 220}
        fetching={fetching}
        records={records ?? []}
        columns={shownColumns}
        idAccessor={rowId}
        // The row's id lets a closed drawer find the row's button again (components/focus-return).
        customRowAttributes={(record) => ({ 'data-row-id': rowId(record) })}
        // A table wider than its box scrolls: keyboard users reach it with Tab (axe scrollable-region-focusable).
        scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
        noRecordsText={noRecordsText}
        page={page}
        onPageChange={changePage}
        totalRecords={pagerTotal(page, shown, total ?? 0, totalExact, pageSize)}
        recordsPerPage={pageSize}
        paginationText={({ from, to }) => `${from}–${to} of ${(total ?? 0).toLocaleString('en-US')}${totalExact ? '' : '+'}`}
      />
    </>
  );
}

type ColumnToggles = ReturnType<typeof useDataTableColumns>['columnsToggle'];

/** The Columns button: a checkbox per optional column, and Reset to the screen's default. */
function ColumnChooser<T>({
  columns,
  toggles,
  onChange,
  onReset,
}: {
  columns: DataTableColumn<T>[];
  toggles: ColumnToggles;
  onChange: (toggles: ColumnToggles) => void;
  onReset: () => void;
}) {
  const titles = new Map(columns.map((column) => [String(column.accessor), typeof column.title === 'string' ? column.title : String(column.accessor)]));
  const optional = toggles.filter((toggle) => toggle.toggleable);
  if (optional.length === 0) return null;
  return (
    <Popover position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Columns shown">
          {optional.map((toggle) => (
            <Checkbox
              key={toggle.accessor}
              label={titles.get(toggle.accessor) ?? toggle.accessor}
              checked={toggle.toggled}
              onChange={(event) => {
                const toggled = event.currentTarget.checked;
                onChange(toggles.map((t) => (t.accessor === toggle.accessor ? { ...t, toggled } : t)));
              }}
            />
          ))}
          <Button variant="subtle" size="xs" onClick={onReset}>
            Reset columns
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
