/**
 * One desk's row of /Deadlines: hours for new → processing and for processing → completed, each
 * with its own "Off" (no deadline for that stage), and "Tell the resident".
 */
import { Checkbox, Group, NumberInput, Paper, Switch, Text } from '@mantine/core';
import { MAX_DEADLINE_HOURS, type DeadlineSetting } from '../../../../shared/contracts/deadlines';

export const DESK_LABELS: Record<DeadlineSetting['desk'], string> = { complaint: 'Complaints', grocery: 'Grocery', doctor: 'Doctor' };

/** A stage's hours as typed: a number, '' while being edited, or null for off. */
export type HoursDraft = number | '' | null;
export interface DeadlineDraft extends Omit<DeadlineSetting, 'firstActionHours' | 'completionHours'> {
  firstActionHours: HoursDraft;
  completionHours: HoursDraft;
}

function StageHours({
  label,
  value,
  fallback,
  error,
  onChange,
}: {
  label: string;
  value: HoursDraft;
  fallback: number;
  error?: string;
  onChange: (v: HoursDraft) => void;
}) {
  const off = value === null;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        label={label}
        suffix=" h"
        min={1}
        max={MAX_DEADLINE_HOURS}
        allowDecimal={false}
        allowNegative={false}
        disabled={off}
        value={off ? '' : value}
        onChange={(v) => onChange(typeof v === 'number' ? v : '')}
        error={error}
        w={190}
      />
      <Checkbox label="Off" checked={off} onChange={(e) => onChange(e.currentTarget.checked ? null : fallback)} mb={8} />
    </Group>
  );
}

export function DeadlineRow({ draft, errors, onChange }: { draft: DeadlineDraft; errors: Record<string, string>; onChange: (next: DeadlineDraft) => void }) {
  const name = DESK_LABELS[draft.desk];
  return (
    <Paper withBorder p="md" component="fieldset" aria-label={`${name} deadlines`} style={{ margin: 0 }}>
      <Text fw={600} mb="xs" component="legend">
        {name}
      </Text>
      <Group gap="xl" align="flex-end">
        <StageHours
          label={`${name}: new → processing`}
          value={draft.firstActionHours}
          fallback={24}
          error={errors.firstActionHours}
          onChange={(v) => onChange({ ...draft, firstActionHours: v })}
        />
        <StageHours
          label={`${name}: processing → completed`}
          value={draft.completionHours}
          fallback={72}
          error={errors.completionHours}
          onChange={(v) => onChange({ ...draft, completionHours: v })}
        />
        <Switch
          label="Tell the resident"
          checked={draft.notifyResident}
          onChange={(e) => onChange({ ...draft, notifyResident: e.currentTarget.checked })}
          mb={8}
        />
      </Group>
    </Paper>
  );
}
