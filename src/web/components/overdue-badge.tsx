/**
 * The red "Overdue" badge of an item past its stage's deadline (`overdueSince`, set by the
 * server's deadline job; docs/spec-deviations.md row 90), in every desk list and drawer. Nothing
 * when the item is not overdue. Since when is part of its text, written like every date of the app
 * (shared/format/dates.ts, the society's time zone): in the drawer it is shown beside the badge, so keyboard
 * and touch users read it too; in a list row, where there is no room, it is read by screen readers
 * (visually hidden) and shown on mouse hover.
 */
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDateTime } from '../../shared/format/dates';
import type { DetailItem } from './detail-list';

/** 'since 21/03/2025 3:05 PM' (the society's zone). */
function sinceText(since: string): string {
  return `since ${formatDateTime(since)}`;
}

/** The list's badge: 'Overdue' on screen, 'Overdue since …' to screen readers and on hover. */
export function OverdueBadge({ since }: { since: string | null | undefined }) {
  if (!since) return null;
  return (
    <Badge color="red" variant="filled" size="sm" title={`Overdue ${sinceText(since)}`}>
      <span>Overdue</span>
      <VisuallyHidden> {sinceText(since)}</VisuallyHidden>
    </Badge>
  );
}

/** The list column showing {@link OverdueBadge} (empty for an item on time). */
export function overdueColumn<T extends { overdueSince?: string | null }>(): DataTableColumn<T> {
  return { accessor: 'overdueSince', title: 'Deadline', noWrap: true, render: (item) => <OverdueBadge since={item.overdueSince} /> };
}

/** The drawer's "Deadline" line for an overdue item, 'Overdue since 21/03/2025 3:05 PM' in view (none when on time). */
export function overdueLine(item: { overdueSince?: string | null }): DetailItem[] {
  const since = item.overdueSince;
  if (!since) return [];
  return [
    {
      label: 'Deadline',
      value: (
        <Group gap={6} wrap="nowrap">
          <Badge color="red" variant="filled" size="sm">
            Overdue
          </Badge>
          <Text size="sm">{sinceText(since)}</Text>
        </Group>
      ),
    },
  ];
}
