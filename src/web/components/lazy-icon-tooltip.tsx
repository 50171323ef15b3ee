/**
 * {@link IconTooltip} for code in the initial load (the alarm toast, the theme toggle): the tooltip and
 * @floating-ui/react are a chunk of their own (ADR 0006), fetched as soon as this module loads,
 * so by the time an alarm shows the tooltip is there. Until then the button shows without it.
 */
import { lazy, Suspense } from 'react';
import type { IconTooltipProps } from './icon-tooltip';

const load = () => import('./icon-tooltip');
const LazyTooltip = lazy(load);
// Fetched at once, not when the first alarm needs it.
void load();

export function LazyIconTooltip({ label, children }: IconTooltipProps) {
  return (
    <Suspense fallback={children}>
      <LazyTooltip label={label}>{children}</LazyTooltip>
    </Suspense>
  );
}
