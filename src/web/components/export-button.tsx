/**
 * A list's Export button (spec deviation 89): downloads the list as the table shows it (its
 * filters and search) as an .xlsx file, every page, then says how many rows it holds, or that the
 * server kept only the newest ones. Busy while the server prepares the file.
 */
import { ActionIcon } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { exportTruncatedText } from '../../shared/export-messages';
import { errorMessage } from '../lib/api-error';
import { downloadFile } from '../lib/download';
import { notifyError, notifySuccess } from '../lib/notify';
import { IconTooltip } from './icon-tooltip';

/** What to export: the list's path (its `/export` is fetched) and its filters; the search is added by the table. */
export interface ExportOf {
  path: string;
  query?: Record<string, string | number | undefined>;
}

/** @param name the button's accessible name (default 'Export'; a screen with several names what each exports). */
export function ExportButton({ of, q, name = 'Export' }: { of: ExportOf; q: string; name?: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await downloadFile(`${of.path}/export`, { ...of.query, q });
      if (file.truncated) notifyError(exportTruncatedText(file.rows));
      else notifySuccess(`Exported ${file.rows.toLocaleString('en-US')} ${file.rows === 1 ? 'row' : 'rows'}.`);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <IconTooltip label="Export to Excel (.xlsx)">
      <ActionIcon variant="default" size="lg" aria-label={name} loading={busy} onClick={() => void run()}>
        <IconDownload size={18} aria-hidden />
      </ActionIcon>
    </IconTooltip>
  );
}
