/** The table view of each figure of /Reports: the same numbers the chart draws, durations and money in the one format. */
import { ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Distribution, Report } from '../../../../shared/contracts/reports';
import { formatMoney } from '../../../../shared/format/money';
import { formatDate, formatDuration } from '../../../../shared/format/dates';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 0.3333 → '33.3%'; null → '—'. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 1000) / 10}%`;
}

/**
 * A figure's table: column headers on top, each row headed by its first cell, both with `scope`
 * (HTML CodeSniffer H63 asks for it on a table with row and column headers). `scrollLabel` for a
 * table wider than its card (the heat grid): it scrolls sideways in a region the keyboard can
 * focus and scroll, since the card would cut it off.
 */
function Rows({ head, rows, scrollLabel }: { head: string[]; rows: ReactNode[][]; scrollLabel?: string }) {
  const table = (
    <Table striped withTableBorder fz="sm">
      <Table.Thead>
        <Table.Tr>
          {head.map((h) => (
            <Table.Th key={h} scope="col">
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <Table.Th key={j} scope="row">
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={j}>{cell}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return scrollLabel ? (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': scrollLabel }}>
      {table}
    </ScrollArea>
  ) : (
    table
  );
}

export function VolumeTable({ report }: { report: Report }) {
  return <Rows head={['Day', 'New', 'Processing', 'Completed']} rows={report.volume.byDay.map((d) => [formatDate(d.day), d.new, d.processing, d.completed])} />;
}

/** Weekdays × hours (local time); empty cells blank. */
export function HeatTable({ report }: { report: Report }) {
  const n = new Map(report.volume.heat.map((c) => [`${c.dow}:${c.hour}`, c.n]));
  const hours = Array.from({ length: 24 }, (_, h) => h);
  return (
    <Rows
      head={['Weekday', ...hours.map((h) => `${h}h`)]}
      rows={WEEKDAYS.map((w, i) => [w, ...hours.map((h) => n.get(`${i + 1}:${h}`) ?? '')])}
      scrollLabel="Hours of the week, scrolls sideways"
    />
  );
}

/** A distribution's figures, then its histogram's bins. */
export function DistributionTable({ d, extra = [] }: { d: Distribution; extra?: ReactNode[][] }) {
  return (
    <Rows
      head={['Measure', 'Value']}
      rows={[
        ...extra,
        ['Measured', d.n],
        ['Median (p50)', formatDuration(d.p50S)],
        ['90th percentile (p90)', formatDuration(d.p90S)],
        ['Longest', formatDuration(d.maxS)],
        ...d.histogram.map((b) => [`Took ${b.label}`, b.n]),
      ]}
    />
  );
}

export function SecurityTable({ report }: { report: Report }) {
  const s = report.security!;
  return (
    <DistributionTable
      d={s.ack}
      extra={[
        ['Alarms', s.alarms],
        ['Escalated', `${s.escalated} (${formatShare(s.escalatedShare)})`],
        ['Raised while away', s.raisedWhileAway],
        ['Alarms with merged presses', s.mergedAlarms],
        ['Presses merged', s.mergedPresses],
      ]}
    />
  );
}

export function NotHomeTable({ report }: { report: Report }) {
  const n = report.security!.notHome;
  return (
    <DistributionTable
      d={n.toAssign}
      extra={[
        ['Requests', n.requests],
        ['With a guard', n.withGuard],
        ['Without a guard', n.withoutGuard],
      ]}
    />
  );
}

export function GroceryTable({ report }: { report: Report }) {
  return (
    <Rows
      head={['Day', 'Orders', 'Delivered value (PKR)']}
      rows={report.grocery!.byDay.map((d) => [formatDate(d.day), d.orders, formatMoney(d.deliveredValue)])}
    />
  );
}

export function StaffTable({ report }: { report: Report }) {
  return report.staff.length === 0 ? (
    <Rows head={['Staff member', 'Actions', 'Median response']} rows={[['No actions in this period', '', '']]} />
  ) : (
    <Rows head={['Staff member', 'Actions', 'Median response']} rows={report.staff.map((m) => [m.name, m.actions, formatDuration(m.medianResponseS)])} />
  );
}

export function OverdueTable({ report }: { report: Report }) {
  const o = report.overdue!;
  const now = (stage: 'new' | 'processing') => o.now.find((x) => x.stage === stage)?.n ?? 0;
  return (
    <Rows
      head={['Measure', 'Items']}
      rows={[
        ['Past the first-action deadline now', now('new')],
        ['Past the completion deadline now', now('processing')],
        ['Escalated in this period', o.becameOverdue],
        ["Share of this period's items that went overdue", formatShare(o.share)],
      ]}
    />
  );
}
