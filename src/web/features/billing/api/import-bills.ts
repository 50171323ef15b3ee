/**
 * The spreadsheet import (spec section 2 "Billing"; issue 9):
 * - `uploadBills(file, period, onProgress)`: POST /api/bills/import (multipart, fields `file` and
 *   `period`) with upload progress (XMLHttpRequest: fetch reports none) → the preview
 *   `{importId, period, fileData, misMatched}`; 400 with a clear message for a file that is not an
 *   .xlsx/.xls, has no Sheet1 or exceeds 10 MB.
 * - `useCommitImport()`: POST /api/bills/import/:importId/commit → `{created, skipped}`.
 * Errors are thrown as {@link ApiError}; a 401 ends the session like every other call.
 */
import { useMutation } from '@tanstack/react-query';
import { ZImportCommitResult, ZImportPreview, type ImportPreview } from '../../../../shared/contracts/billing';
import { ZErrorBody } from '../../../../shared/contracts/common';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error';
import { endSession } from '../../../lib/session';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Uploads the file; `onProgress` gets 0–100 as the bytes go out. */
export function uploadBills(file: File, period: string, onProgress: (percent: number) => void): Promise<ImportPreview> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (period) form.append('period', period);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/bills/import');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ZImportPreview.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, 'The server sent an unexpected answer. Please reload the page.'));
        return;
      }
      const error = ZErrorBody.safeParse(data);
      if (xhr.status === 401) endSession();
      reject(new ApiError(xhr.status, error.success ? error.data.message : xhr.status === 401 ? MSG.notSignedIn : `${xhr.status} ${xhr.statusText}`.trim()));
    };
    xhr.send(form);
  });
}

export function useUploadBills(onProgress: (percent: number) => void) {
  return useMutation({ mutationFn: ({ file, period }: { file: File; period: string }) => uploadBills(file, period, onProgress) });
}

export function useCommitImport() {
  return useMutation({
    mutationFn: (importId: number) => api.post(`/api/bills/import/${importId}/commit`, undefined, { schema: ZImportCommitResult }),
  });
}
