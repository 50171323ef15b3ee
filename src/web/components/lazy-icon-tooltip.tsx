/**
 * {@link IconTooltip} for code in the initial load (the alarm toast, the theme toggle): the tooltip and
 * @floating-ui/react are a chunk of their own (ADR 0006), fetched as soon as this module loads,
 * so by the time an alarm shows the tooltip is there. Until then the button shows without it.
 *
 * When the chunk arrives the button is mounted again inside the tooltip (another parent, so React
 * cannot keep it). A keyboard user who had already reached it (a slow start: Tab onto the theme
 * toggle of the login screen) would be thrown back to the page's start, so focus is put back on the
 * new button. A chunk that still fails after its retries (lib/load-chunk.ts) leaves the button as
 * it is, without a tooltip.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { loadChunk } from '../lib/load-chunk';
import type { IconTooltipProps } from './icon-tooltip';

type Tooltip = ComponentType<IconTooltipProps>;

/** The loaded tooltip, once its chunk is here: buttons mounted after that get it at once. */
let loaded: Tooltip | null = null;
// Fetched at once, not when the first alarm needs it.
const chunk: Promise<Tooltip | null> = loadChunk(() => import('./icon-tooltip')).then(
  (mod) => (loaded = mod.IconTooltip),
  () => null,
);

export function LazyIconTooltip({ children, ...props }: IconTooltipProps) {
  const [Tooltip, setTooltip] = useState<Tooltip | null>(() => loaded);
  const host = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (Tooltip) return;
    let mounted = true;
    void chunk.then((tooltip) => {
      if (!mounted || !tooltip) return;
      refocus.current = host.current?.contains(document.activeElement) ?? false;
      setTooltip(() => tooltip);
    });
    return () => {
      mounted = false;
    };
  }, [Tooltip]);

  // Before paint, so the focus ring never leaves the button.
  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    host.current?.querySelector<HTMLElement>('button, a[href], [tabindex]')?.focus();
  }, [Tooltip]);

  return (
    // display: contents: the span holds the button for the focus check above and adds no box.
    <span ref={host} style={{ display: 'contents' }}>
      {Tooltip ? <Tooltip {...props}>{children}</Tooltip> : children}
    </span>
  );
}
