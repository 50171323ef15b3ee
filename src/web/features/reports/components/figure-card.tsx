/**
 * One figure of /Reports: a Card with its title, a Table/Chart switch and the view. The chart is
 * drawn by charts.tsx, loaded on the first switch to a chart (its own chunks: @mantine/charts and
 * Recharts), so the tables never wait for it. Export downloads the figure's numbers as .xlsx
 * (GET /api/reports/:desk/export) over exactly the days the report shows.
 */
import { Card, Group, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';
import type { Report, ReportFigure } from '../../../../shared/contracts/reports';
import { ExportButton } from '../../../components/export-button';
import { lazyChunk } from '../../../lib/load-chunk';

const FigureChart = lazyChunk(() => import('./charts'));

export function FigureCard({ title, help, figure, report, table }: { title: string; help?: string; figure: ReportFigure; report: Report; table: ReactNode }) {
  const [view, setView] = useState<'table' | 'chart'>('table');
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl
            size="xs"
            aria-label={`${title}: view`}
            value={view}
            onChange={(v) => setView(v === 'chart' ? 'chart' : 'table')}
            data={[
              { value: 'table', label: 'Table' },
              { value: 'chart', label: 'Chart' },
            ]}
          />
          <ExportButton
            name={`Export ${title}`}
            of={{ path: `/api/reports/${report.desk}`, query: { figure, period: 'custom', from: report.range.from, to: report.range.to } }}
            q=""
          />
        </Group>
      </Group>
      {help ? (
        <Text size="xs" c="dimmed" mb="xs">
          {help}
        </Text>
      ) : null}
      {view === 'table' ? (
        table
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
          <FigureChart figure={figure} report={report} />
        </Suspense>
      )}
    </Card>
  );
}
