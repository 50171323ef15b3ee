import { Badge } from '@mantine/core';
import { t } from '../../i18n/catalogue';

const COLOR: Record<string, string> = { new: 'blue', processing: 'orange', completed: 'teal' };

/** A desk stage (new, processing, completed) in the spec's words. */
export function StageBadge({ stage }: { stage: string }) {
  return (
    <Badge color={COLOR[stage] ?? 'gray'} variant="light">
      {t.services.stage[stage] ?? stage}
    </Badge>
  );
}
