/**
 * The right-side details drawer every list opens from its Action column: 40% of the width
 * (DRAWER_WIDTH, spec section 9; the order editor passes ORDER_DRAWER_WIDTH). On narrow screens
 * it takes the full width, where 40% would be unreadable.
 *
 * Closing it puts the keyboard focus back on the button that opened it (Mantine's returnFocus).
 * When that button is gone — the row left the list after Proceed or Submit — focus goes to the
 * same row's button if the row was re-rendered (by its `data-row-id`), else to the row now in its
 * place, else to the screen's heading, never to the page's start (./focus-return).
 */
import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode } from 'react';
import { DRAWER_WIDTH } from '../../shared/constants';
import { IconTooltip } from './icon-tooltip';
import { focusReplacement, rememberTrigger, type TriggerMark } from './focus-return';

interface SideDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Also the dialog's accessible name. */
  title: string;
  size?: string;
  children: ReactNode;
}

/** How long after closing to check where focus went (Mantine returns it after 10 ms). */
const FOCUS_CHECK_MS = 120;

export function SideDrawer({ opened, onClose, title, size = DRAWER_WIDTH, children }: SideDrawerProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const trigger = useRef<TriggerMark | null>(null);

  useEffect(() => {
    if (opened) {
      trigger.current = rememberTrigger(document.activeElement);
      return;
    }
    const mark = trigger.current;
    if (!mark) return;
    const timer = window.setTimeout(() => focusReplacement(mark), FOCUS_CHECK_MS);
    return () => window.clearTimeout(timer);
  }, [opened]);

  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size={narrow ? '100%' : size}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title fw={600} fz="lg">
            {title}
          </Drawer.Title>
          <IconTooltip label="Close" onFocus={false}>
            <Drawer.CloseButton aria-label="Close" />
          </IconTooltip>
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
