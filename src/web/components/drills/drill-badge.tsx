/** DRILL: the mark of an SOS drill's practice alarm (toast, lists, drawers, reports), in the drill colour. */
import { Badge } from '@mantine/core';
import { DRILL_COLOR } from '../../app/theme';

export function DrillBadge({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  return (
    <Badge color={DRILL_COLOR} variant="filled" size={size} title="A practice alarm of an SOS drill: no resident is in danger">
      DRILL
    </Badge>
  );
}
