/**
 * /Audit (super-admin): every recorded action of the society, newest first, 10 a page: when, who,
 * the module, the item, the action and from → to in words (shared/labels.ts), and the detail (a
 * sign-in's address). Filters: staff member, module, action and a day range typed DD/MM/YYYY (the
 * society's time zone, on the server); the search
 * finds a resident's account and requests by the start of the name or the resident id.
 */
import { Badge, Button, Group, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { AUDITED_MODULES, type AuditRow } from '../../../../shared/contracts/audit';
import { ROUTES, type Module } from '../../../../shared/subroles';
import { DataTable } from '../../../components/data-table';
import { DayInput } from '../../../components/day-input';
import { auditActionLabel, auditChangeLabel } from '../../../../shared/labels';
import { formatDateTime } from '../../../../shared/format/dates';
import { useListParams } from '../../../lib/use-list-params';
import { NO_FILTERS, useAuditFilterChoices, useAuditLog, type AuditFilterValues } from '../api/audit';

/** A module's name as its first menu entry reads ('Security', 'Not at home', 'Staff'). */
const moduleName = (module: string | null) => (module ? (ROUTES.find((r) => r.module === (module as Module))?.label ?? module) : '—');
const MODULE_OPTIONS = AUDITED_MODULES.map((m) => ({ value: m, label: moduleName(m) }));

const COLUMNS: DataTableColumn<AuditRow>[] = [
  { accessor: 'at', title: 'When', render: (r) => formatDateTime(r.at), width: 170 },
  {
    accessor: 'actorName',
    title: 'Who',
    render: (r) => (
      <Group gap={6} wrap="nowrap">
        {r.actorName}
        {r.actorKind === 'staff' ? null : (
          <Badge size="xs" variant="light" color="gray">
            {r.actorKind}
          </Badge>
        )}
      </Group>
    ),
  },
  { accessor: 'module', title: 'Module', render: (r) => moduleName(r.module) },
  { accessor: 'item', title: 'Item', render: (r) => r.item ?? `${r.entity} #${r.entityId}` },
  { accessor: 'action', title: 'Action', render: (r) => auditActionLabel(r.action) },
  { accessor: 'fromStage', title: 'From → to', render: (r) => auditChangeLabel(r.fromStage, r.toStage) },
  { accessor: 'detail', title: 'Detail', render: (r) => r.detail ?? '' },
];

export function AuditScreen() {
  const list = useListParams();
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const query = useAuditLog(filters, list.view);
  const choices = useAuditFilterChoices();
  const set = (key: keyof AuditFilterValues) => (value: string | null) => {
    setFilters((prev) => ({ ...prev, [key]: value ?? '' }));
    list.setPage(1);
  };

  return (
    <Stack>
      <Title order={2}>Audit log</Title>
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="sm">
        <Select
          label="Staff member"
          placeholder="Anyone"
          data={(choices.data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={filters.actor || null}
          onChange={set('actor')}
          searchable
          clearable
        />
        <Select label="Module" placeholder="Every module" data={MODULE_OPTIONS} value={filters.module || null} onChange={set('module')} clearable />
        <Select
          label="Action"
          placeholder="Every action"
          data={(choices.data?.actions ?? []).map((a) => ({ value: a, label: auditActionLabel(a) }))}
          value={filters.action || null}
          onChange={set('action')}
          searchable
          clearable
        />
        <DayInput label="From" value={filters.from} onChange={set('from')} />
        <DayInput label="To" value={filters.to} onChange={set('to')} />
      </SimpleGrid>
      {Object.values(filters).some(Boolean) ? (
        <Button variant="subtle" w="fit-content" onClick={() => (setFilters(NO_FILTERS), list.setPage(1))}>
          Clear filters
        </Button>
      ) : null}
      <DataTable<AuditRow>
        query={query}
        label="Audit log"
        columns={COLUMNS}
        rowId={(r) => r._id}
        list={list}
        searchPlaceholder="Search by resident name or resident ID"
        noRecordsText="No recorded action matches"
        exportOf={{ path: '/api/audit', query: filters }}
      />
    </Stack>
  );
}
