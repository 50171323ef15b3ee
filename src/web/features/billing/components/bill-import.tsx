/**
 * The spreadsheet import (spec sections 2 "Billing", 5, 8): choose an .xlsx or .xls
 * file (read from Sheet1 on the server) and the period, Fetch → upload with progress → the 'File
 * Data' and 'Mis-Matched Data' tables; Save → the matched bills are created → 'Successfully
 * Submit.'. A refused file shows the server's reason.
 */
import { Alert, Button, FileInput, Group, Progress, Text } from '@mantine/core';
import { useState } from 'react';
import type { ImportPreview } from '../../../../shared/contracts/billing';
import { MSG } from '../../../../shared/messages';
import { errorMessage } from '../../../lib/api-error';
import { calendarMonth } from '../../../../shared/calendar';
import { societyTimeZone } from '../../../../shared/format/dates';
import { formatMonth } from '../../../../shared/format/day-month';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PeriodInput } from './period-input';
import { useCommitImport, useUploadBills } from '../api/import-bills';
import { ImportTables } from './import-tables';

export function BillImport() {
  const [file, setFile] = useState<File | null>(null);
  const [period, setPeriod] = useState(() => calendarMonth(new Date(), societyTimeZone()));
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const upload = useUploadBills(setProgress);
  const commit = useCommitImport();

  const fetchPreview = () => {
    if (!file) return;
    setProgress(0);
    setResult(null);
    setPreview(null);
    upload.mutate({ file, period: period.trim() }, { onSuccess: setPreview, onError: (error) => notifyError(errorMessage(error)) });
  };

  const save = () => {
    if (!preview) return;
    commit.mutate(preview.importId, {
      onSuccess: ({ created, skipped }) => {
        notifySuccess(MSG.billImportSubmitted);
        setResult(
          `${created} bill${created === 1 ? '' : 's'} created for ${formatMonth(preview.period)}${skipped ? `, ${skipped} skipped (already billed)` : ''}.`,
        );
        setPreview(null);
        setFile(null);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  return (
    <>
      <Group align="flex-end" gap="sm">
        <FileInput
          label="Spreadsheet (.xlsx or .xls, sheet Sheet1)"
          placeholder="Choose a file"
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          value={file}
          onChange={setFile}
          clearable
          w={{ base: '100%', sm: 340 }}
        />
        <PeriodInput value={period} onChange={setPeriod} />
        <Button onClick={fetchPreview} disabled={!file} loading={upload.isPending}>
          Fetch
        </Button>
      </Group>
      {upload.isPending ? (
        <Group mt="sm" gap="sm" wrap="nowrap">
          <Progress value={progress} aria-label="Upload progress" animated style={{ flex: 1 }} />
          <Text size="sm" w={120}>
            Uploading… {progress}%
          </Text>
        </Group>
      ) : null}
      {upload.isError ? (
        <Alert color="red" mt="sm" title="The file was not imported">
          {errorMessage(upload.error)}
        </Alert>
      ) : null}
      {result ? (
        <Text mt="sm" c="teal" fw={600}>
          {result}
        </Text>
      ) : null}
      {preview ? (
        <>
          {preview.bidiRemoved > 0 ? (
            <Alert color="yellow" mt="sm" title="Cells were cleaned">
              {preview.bidiRemoved} {MSG.billImportBidiRemoved}
            </Alert>
          ) : null}
          <ImportTables fileData={preview.fileData} misMatched={preview.misMatched} />
          <Group justify="flex-end" mt="md">
            <Text size="sm" c="dimmed">
              {preview.fileData.length} bill{preview.fileData.length === 1 ? '' : 's'} for {formatMonth(preview.period)}
            </Text>
            <Button onClick={save} loading={commit.isPending} disabled={preview.fileData.length === 0}>
              Save
            </Button>
          </Group>
        </>
      ) : null}
    </>
  );
}
