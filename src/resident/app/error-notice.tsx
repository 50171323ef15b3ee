import { Alert, Button, Stack } from '@mantine/core';
import { t } from '../i18n/catalogue';
import { errorText } from '../lib/api';

/**
 * A failure: the server's message (or the network's, or `message` when given) and a button,
 * `retryLabel` ("Try again" unless told), when `onRetry` is given.
 */
export function ErrorNotice({
  error,
  message,
  onRetry,
  retryLabel = t.retry,
}: {
  error: unknown;
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <Alert color="red" role="alert" m="md">
      <Stack gap="xs" align="flex-start">
        {message ?? errorText(error)}
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
