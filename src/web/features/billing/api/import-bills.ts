/**
 * The spreadsheet import (spec section 2 "Billing"):
 * - `uploadBills(file, period, onProgress)`: POST /api/bills/import (multipart, fields `file` and
 *   `period`) with upload progress (lib/upload.ts) → the preview
 *   `{importId, period, fileData, misMatched}`; 400 with a clear message for a file that is not an
 *   .xlsx/.xls, has no Sheet1 or exceeds 10 MB.
 * - `useCommitImport()`: POST /api/bills/import/:importId/commit → `{created, skipped}`.
 * Errors are thrown as {@link ApiError}; a 401 ends the session like every other call.
 */
import { useMutation } from '@tanstack/react-query';
import { ZImportCommitResult, ZImportPreview, type ImportPreview } from '../../../../shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/upload';

/** Uploads the file; `onProgress` gets 0–100 as the bytes go out. */
export function uploadBills(file: File, period: string, onProgress: (percent: number) => void): Promise<ImportPreview> {
  const form = new FormData();
  if (period) form.append('period', period);
  form.append('file', file);
  return uploadForm('/api/bills/import', form, ZImportPreview, onProgress);
}

export function useUploadBills(onProgress: (percent: number) => void) {
  return useMutation({ mutationFn: ({ file, period }: { file: File; period: string }) => uploadBills(file, period, onProgress) });
}

export function useCommitImport() {
  return useMutation({
    mutationFn: (importId: number) => api.post(`/api/bills/import/${importId}/commit`, undefined, { schema: ZImportCommitResult }),
  });
}
