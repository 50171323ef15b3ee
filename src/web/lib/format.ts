/** Display formats for server timestamps (ISO 8601 strings from the shared contracts). */
import dayjs from 'dayjs';

/** '3:05 PM'; '' for a missing or invalid time. */
export function formatTime(iso: string | null | undefined): string {
  const d = iso ? dayjs(iso) : null;
  return d?.isValid() ? d.format('h:mm A') : '';
}

/** '21/03/2025'; '' for a missing or invalid date. */
export function formatDate(iso: string | null | undefined): string {
  const d = iso ? dayjs(iso) : null;
  return d?.isValid() ? d.format('DD/MM/YYYY') : '';
}

/** '21/03/2025 3:05 PM'. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = iso ? dayjs(iso) : null;
  return d?.isValid() ? d.format('DD/MM/YYYY h:mm A') : '';
}

const STAGE_LABELS: Record<string, string> = { new: 'New', processing: 'Processing', completed: 'Completed' };

/** 'processing' → 'Processing'; unknown stages are shown as they come. */
export function stageLabel(stage: string | null | undefined): string {
  if (!stage) return '—';
  return STAGE_LABELS[stage] ?? stage;
}
