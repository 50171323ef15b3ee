/**
 * /Deadlines (super-admin): how long each stage of the complaint, grocery and doctor desks may
 * take (hours, or Off), whether the resident is told when an item becomes overdue, and the
 * society's overdue items below (newest first, still in the stage that went overdue).
 */
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ZDeadlinesUpdate, type OverdueItem } from '../../../../shared/contracts/deadlines';
import { MSG } from '../../../../shared/messages';
import { DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../../shared/format/dates';
import { stageLabel } from '../../../../shared/labels';
import { notifyError, notifyOutcome } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useDeadlines, useOverdueItems, useSaveDeadlines } from '../api/deadlines';
import { DESK_LABELS, DeadlineRow, type DeadlineDraft } from './deadline-row';

const COLUMNS: DataTableColumn<OverdueItem>[] = [
  { accessor: 'desk', title: 'Desk', render: (r) => DESK_LABELS[r.desk] },
  { accessor: 'requestId', title: 'Request', render: (r) => `#${r.requestId}` },
  { accessor: 'stage', title: 'Stage', render: (r) => stageLabel(r.stage) },
  { accessor: 'residentName', title: 'Resident', render: (r) => `${r.residentName} (${r.residentCode})` },
  { accessor: 'dueAt', title: 'Due', noWrap: true, render: (r) => formatDateTime(r.dueAt) },
  { accessor: 'since', title: 'Overdue since', noWrap: true, render: (r) => formatDateTime(r.since) },
];

export function DeadlinesScreen() {
  const settings = useDeadlines();
  const save = useSaveDeadlines();
  // The member's edits; until the first one, the saved settings.
  const [edited, setDrafts] = useState<DeadlineDraft[] | null>(null);
  const drafts = edited ?? settings.data?.desks ?? null;
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const list = useListParams();
  const overdue = useOverdueItems(list.view);

  const submit = () => {
    if (!drafts) return;
    // '' (a cleared box) is sent as is: the shared schema refuses it with the hours message.
    const parsed = ZDeadlinesUpdate.safeParse({ desks: drafts });
    if (!parsed.success) {
      const found: Record<string, Record<string, string>> = {};
      for (const issue of parsed.error.issues) {
        const desk = drafts[Number(issue.path[1])]?.desk ?? '';
        found[desk] = { ...found[desk], [String(issue.path[2] ?? '')]: issue.message };
      }
      setErrors(found);
      notifyError(parsed.error.issues[0]?.message ?? MSG.fillRequired);
      return;
    }
    setErrors({});
    save.mutate(
      parsed.data.desks,
      notifyOutcome(MSG.successUpdated, (saved) => setDrafts(saved.desks)),
    );
  };

  return (
    <Stack>
      <Title order={2}>Deadlines</Title>
      <Text c="dimmed" size="sm">
        How long each stage may take before an item is overdue. An overdue item is escalated once: it gets an Overdue badge, its desk and super-admin are told,
        and it joins the list below.
      </Text>
      {settings.error ? <Alert color="red">Could not load the deadlines.</Alert> : null}
      {!drafts ? <Loader size="sm" aria-label="Loading deadlines" /> : null}
      {drafts?.map((draft, index) => (
        <DeadlineRow
          key={draft.desk}
          draft={draft}
          errors={errors[draft.desk] ?? {}}
          onChange={(next) => setDrafts(drafts.map((d, i) => (i === index ? next : d)))}
        />
      ))}
      {drafts ? (
        <Button w="fit-content" onClick={submit} loading={save.isPending}>
          Save deadlines
        </Button>
      ) : null}
      <Title order={3} mt="lg">
        Overdue items
      </Title>
      <DataTable<OverdueItem>
        query={overdue}
        label="Overdue items"
        columns={COLUMNS}
        rowId={(r) => r._id}
        list={list}
        searchPlaceholder="Search by resident name or resident ID"
        noRecordsText={list.q ? 'No overdue item matches this search' : 'Nothing is overdue'}
      />
    </Stack>
  );
}
