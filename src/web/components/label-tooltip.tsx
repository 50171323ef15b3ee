/**
 * Mantine's Tooltip as the default export of a module of its own, for `React.lazy`: components of
 * the initial load (the header's theme toggle) show a tooltip without carrying Floating UI.
 */
import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

export default function LabelTooltip({ label, children }: { label: string; children: ReactElement }) {
  return <Tooltip label={label}>{children}</Tooltip>;
}
