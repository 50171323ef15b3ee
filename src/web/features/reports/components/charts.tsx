/**
 * The charts of /Reports: the ONLY importer of @mantine/charts (and Recharts) and their styles,
 * loaded lazily by figure-card.tsx. vite.config.ts splits what this pulls in into two chunks
 * ('charts', 'charts-vendor'), each under the 100 kB gzip budget of a chunk (ADR 0008).
 */
import '@mantine/charts/styles.css';
import { BarChart, MatrixChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import type { Distribution, Report, ReportFigure } from '../../../../shared/contracts/reports';
import { formatMoney } from '../../../../shared/format/money';
import { formatDate, formatDuration } from '../../../../shared/format/dates';
import { WEEKDAYS } from './figure-tables';

const HEIGHT = 220;

function Histogram({ d, label }: { d: Distribution; label: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {`${label}: median ${formatDuration(d.p50S)}, p90 ${formatDuration(d.p90S)}, longest ${formatDuration(d.maxS)} (${d.n} measured)`}
      </Text>
      <BarChart
        h={HEIGHT}
        data={d.histogram.map((b) => ({ bin: b.label, items: b.n }))}
        dataKey="bin"
        series={[{ name: 'items', label: 'Items', color: 'blue.6' }]}
      />
    </Stack>
  );
}

/** The chart of `figure` (nothing for a figure the report does not have). */
export default function FigureChart({ figure, report }: { figure: ReportFigure; report: Report }) {
  switch (figure) {
    case 'volume':
      return (
        <BarChart
          h={HEIGHT}
          type="stacked"
          withLegend
          data={report.volume.byDay.map((d) => ({ ...d, day: formatDate(d.day) }))}
          dataKey="day"
          series={[
            { name: 'new', label: 'New', color: 'yellow.6' },
            { name: 'processing', label: 'Processing', color: 'blue.6' },
            { name: 'completed', label: 'Completed', color: 'teal.6' },
          ]}
        />
      );
    case 'heat':
      return (
        <MatrixChart
          data={WEEKDAYS.flatMap((w, i) =>
            Array.from({ length: 24 }, (_, h) => ({ x: String(h), y: w, value: report.volume.heat.find((c) => c.dow === i + 1 && c.hour === h)?.n ?? 0 })),
          )}
          xLabels={Array.from({ length: 24 }, (_, h) => String(h))}
          yLabels={WEEKDAYS}
          withXLabels
          withYLabels
          xLabelsRotation={0}
          xLabelsHeight={24}
          yLabelsWidth={40}
          cellSize={18}
          withLegend
          legendLabels={['Fewer', 'More']}
          withTooltip
          getTooltipLabel={(c) => `${c.y} ${c.x}:00 – ${c.value ?? 0} items`}
          aria-label="Items by hour and weekday"
        />
      );
    case 'firstAction':
      return report.speed ? <Histogram d={report.speed.firstAction} label="Time to first action" /> : null;
    case 'completion':
      return report.speed ? <Histogram d={report.speed.completion} label="Time to completion" /> : null;
    case 'security':
      return report.security ? <Histogram d={report.security.ack} label="Time to acknowledge" /> : null;
    case 'notHome':
      return report.security ? <Histogram d={report.security.notHome.toAssign} label="Time to assign a guard" /> : null;
    case 'grocery':
      return report.grocery ? (
        <Stack gap="xs">
          <BarChart
            h={HEIGHT}
            data={report.grocery.byDay.map((d) => ({ day: formatDate(d.day), orders: d.orders }))}
            dataKey="day"
            series={[{ name: 'orders', label: 'Orders', color: 'blue.6' }]}
          />
          <BarChart
            h={HEIGHT}
            data={report.grocery.byDay.map((d) => ({ day: formatDate(d.day), value: d.deliveredValue }))}
            dataKey="day"
            valueFormatter={formatMoney}
            series={[{ name: 'value', label: 'Delivered value (PKR)', color: 'teal.6' }]}
          />
        </Stack>
      ) : null;
    case 'staff':
      return (
        <BarChart
          h={Math.max(HEIGHT, report.staff.length * 32)}
          orientation="vertical"
          data={report.staff.map((m) => ({ name: m.name, actions: m.actions }))}
          dataKey="name"
          yAxisProps={{ width: 120 }}
          series={[{ name: 'actions', label: 'Actions', color: 'blue.6' }]}
        />
      );
    case 'overdue':
      return report.overdue ? (
        <BarChart
          h={HEIGHT}
          data={[
            { stage: 'Waiting for first action', items: report.overdue.now.find((x) => x.stage === 'new')?.n ?? 0 },
            { stage: 'Waiting for completion', items: report.overdue.now.find((x) => x.stage === 'processing')?.n ?? 0 },
          ]}
          dataKey="stage"
          series={[{ name: 'items', label: 'Overdue now', color: 'red.6' }]}
        />
      ) : null;
  }
}
