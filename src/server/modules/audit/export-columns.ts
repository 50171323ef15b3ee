/**
 * The audit log's export (GET /api/audit/export): its columns and the About sheet's filter rows.
 * Actions and from/to values are written in the words the /Audit screen shows (shared/labels),
 * never as the stored codes.
 */
import type { AuditQuery, AuditRow } from '../../../shared/contracts/audit.js';
import { auditActionLabel, auditValueLabel } from '../../../shared/labels.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const auditExportColumns: readonly ExportColumn<AuditRow>[] = [
  { title: 'ID', format: 'int', value: (r) => r._id },
  { title: 'When', format: 'datetime', value: (r) => r.at },
  { title: 'Who', format: 'text', value: (r) => r.actorName },
  { title: 'Actor kind', format: 'text', value: (r) => r.actorKind },
  { title: 'Module', format: 'text', value: (r) => r.module },
  { title: 'Item', format: 'text', value: (r) => r.item ?? `${r.entity} #${r.entityId}` },
  { title: 'Action', format: 'text', value: (r) => auditActionLabel(r.action) },
  { title: 'From', format: 'text', value: (r) => (r.fromStage ? auditValueLabel(r.fromStage) : null) },
  { title: 'To', format: 'text', value: (r) => (r.toStage ? auditValueLabel(r.toStage) : null) },
  { title: 'Detail', format: 'text', value: (r) => r.detail },
];

/** The filters of an audit export, for its About sheet (only those set). */
export function auditExportFilters(q: AuditQuery): [string, string][] {
  const rows: [string, string][] = [];
  if (q.actor !== undefined) rows.push(['Staff member (id)', String(q.actor)]);
  if (q.module) rows.push(['Module', q.module]);
  if (q.action) rows.push(['Action', auditActionLabel(q.action)]);
  if (q.from) rows.push(['From', q.from]);
  if (q.to) rows.push(['To', q.to]);
  return rows;
}
