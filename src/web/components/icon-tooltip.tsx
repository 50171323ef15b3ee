/**
 * The tooltip of an icon button: Mantine's Tooltip, shown on hover and on keyboard focus, so the
 * icon's meaning is visible to sighted users as its `aria-label` is to screen readers. The label
 * is usually the button's accessible name or a longer hint.
 *
 * Screens are lazy chunks, so importing it there costs the initial load nothing (Tooltip brings
 * @floating-ui/react, ADR 0006); code in the initial load uses ./lazy-icon-tooltip instead.
 */
import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

export interface IconTooltipProps {
  /** The visible hint, e.g. 'Close alarm'. */
  label: string;
  /** One element that takes a ref (ActionIcon, CloseButton, Button). */
  children: ReactElement;
  /** Also show on keyboard focus (default true; false for a button that is focused as a dialog opens). */
  onFocus?: boolean;
}

export function IconTooltip({ label, children, onFocus = true }: IconTooltipProps) {
  return (
    <Tooltip label={label} events={{ hover: true, focus: onFocus, touch: false }} withArrow openDelay={300}>
      {children}
    </Tooltip>
  );
}

export default IconTooltip;
