/**
 * /Reports (the desks' staff and super-admin): how a desk is doing over a period, in the
 * society's time zone. A desk switch (the desks of the signed-in sub-role, reportDesksOf), a
 * period switch (today, 7 days, 30 days, or a custom range of days) and one card per figure,
 * each with a Table/Chart switch and an Export. Speed counts the items created in the period (a
 * cohort). On the security desk, the staff who may run SOS drills (button-one, super-admin) also
 * find the drills panel: super-admin has no /Security menu, so this is where they start one.
 */
import { Alert, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import type { ReportPeriod } from '../../../../shared/contracts/reports';
import { mayRunDrills, reportDesksOf, type ReportDesk } from '../../../../shared/subroles';
import { DayInput } from '../../../components/day-input';
import { LazyDrillsPanel } from '../../../components/drills/lazy-drills-panel';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../../shared/format/dates';
import { useUser } from '../../../lib/user-context';
import { useReport } from '../api/reports';
import { FigureCard } from './figure-card';
import { DistributionTable, GroceryTable, HeatTable, NotHomeTable, OverdueTable, SecurityTable, StaffTable, VolumeTable } from './figure-tables';

const DESK_LABELS: Record<ReportDesk, string> = { complaints: 'Complaints', security: 'Security', grocery: 'Grocery', doctor: 'Doctor' };
const PERIODS: { value: ReportPeriod; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Custom' },
];
const COHORT = 'Over the items created in the period.';

export function ReportsScreen() {
  const subRole = useUser().SubRole;
  const desks = reportDesksOf(subRole);
  const [desk, setDesk] = useState<ReportDesk>(desks[0] ?? 'complaints');
  const [period, setPeriod] = useState<ReportPeriod>('7d');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const ready = period !== 'custom' || (from !== '' && to !== '');
  const query = useReport(desk, period, from, to, ready);
  const report = query.data;

  return (
    <Stack>
      <Title order={2}>Reports</Title>
      <Group align="end" gap="md">
        {desks.length > 1 ? (
          <SegmentedControl
            aria-label="Desk"
            value={desk}
            onChange={(v) => setDesk(desks.find((d) => d === v) ?? desk)}
            data={desks.map((d) => ({ value: d, label: DESK_LABELS[d] }))}
          />
        ) : null}
        <SegmentedControl aria-label="Period" value={period} onChange={(v) => setPeriod(PERIODS.find((p) => p.value === v)?.value ?? '7d')} data={PERIODS} />
        {period === 'custom' ? (
          <>
            <DayInput label="From" value={from} onChange={setFrom} />
            <DayInput label="To" value={to} onChange={setTo} />
          </>
        ) : null}
      </Group>
      {query.isError ? (
        <Alert color="red" title="This report cannot be shown">
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      {!ready ? <Text c="dimmed">Choose the first and the last day.</Text> : null}
      {report && ready ? (
        <>
          <Text size="sm" c="dimmed">
            {`${DESK_LABELS[report.desk]}: ${formatDate(report.range.from)} to ${formatDate(report.range.to)} (${report.range.days} ${report.range.days === 1 ? 'day' : 'days'}, ${report.range.timeZone})`}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <FigureCard
              title="Volume by day"
              help="Items created each day, by their stage now."
              figure="volume"
              report={report}
              table={<VolumeTable report={report} />}
            />
            <FigureCard title="Volume by hour and weekday" figure="heat" report={report} table={<HeatTable report={report} />} />
            {report.speed ? (
              <>
                <FigureCard
                  title="Time to first action"
                  help={COHORT}
                  figure="firstAction"
                  report={report}
                  table={<DistributionTable d={report.speed.firstAction} />}
                />
                <FigureCard
                  title="Time to completion"
                  help={COHORT}
                  figure="completion"
                  report={report}
                  table={<DistributionTable d={report.speed.completion} />}
                />
              </>
            ) : null}
            {report.security ? (
              <>
                <FigureCard title="SOS alarms" help="Drills are left out." figure="security" report={report} table={<SecurityTable report={report} />} />
                <FigureCard title="Not at home" figure="notHome" report={report} table={<NotHomeTable report={report} />} />
              </>
            ) : null}
            {report.grocery ? <FigureCard title="Grocery orders" figure="grocery" report={report} table={<GroceryTable report={report} />} /> : null}
            <FigureCard
              title="Staff"
              help="Actions in the period, and each member's median time to first action."
              figure="staff"
              report={report}
              table={<StaffTable report={report} />}
            />
            {report.overdue ? <FigureCard title="Overdue" figure="overdue" report={report} table={<OverdueTable report={report} />} /> : null}
          </SimpleGrid>
        </>
      ) : null}
      {desk === 'security' && mayRunDrills(subRole) ? (
        <Suspense fallback={null}>
          <LazyDrillsPanel />
        </Suspense>
      ) : null}
    </Stack>
  );
}
