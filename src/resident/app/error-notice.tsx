import { Alert, Button, Stack } from '@mantine/core';
import { t } from '../i18n/catalogue';
import { errorText } from '../lib/api';

/** A failed load: the server's message (or the network's) and a retry. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" role="alert" m="md">
      <Stack gap="xs" align="flex-start">
        {errorText(error)}
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
