/**
 * The red "Overdue" badge of an item past its stage's deadline (`overdueSince`, set by the
 * server's deadline job; docs/spec-deviations.md row 90), in every desk list and drawer. Nothing
 * when the item is not overdue. Its title says since when.
 */
import { Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDateTime } from '../lib/format';
import type { DetailItem } from './detail-list';

export function OverdueBadge({ since }: { since: string | null | undefined }) {
  if (!since) return null;
  return (
    <Badge color="red" variant="filled" size="sm" title={`Overdue since ${formatDateTime(since)}`}>
      Overdue
    </Badge>
  );
}

/** The list column showing {@link OverdueBadge} (empty for an item on time). */
export function overdueColumn<T extends { overdueSince?: string | null }>(): DataTableColumn<T> {
  return { accessor: 'overdueSince', title: 'Deadline', noWrap: true, render: (item) => <OverdueBadge since={item.overdueSince} /> };
}

/** The drawer's "Deadline" line for an overdue item (none when on time). */
export function overdueLine(item: { overdueSince?: string | null }): DetailItem[] {
  return item.overdueSince ? [{ label: 'Deadline', value: <OverdueBadge since={item.overdueSince} /> }] : [];
}
