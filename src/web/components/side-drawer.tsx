/**
 * The right-side details drawer every list opens from its Action column: 40% of the width
 * (DRAWER_WIDTH, spec section 9; the order editor passes ORDER_DRAWER_WIDTH). On narrow screens
 * it takes the full width, where 40% would be unreadable.
 */
import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { DRAWER_WIDTH } from '../../shared/constants';

interface SideDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Also the dialog's accessible name. */
  title: string;
  size?: string;
  children: ReactNode;
}

export function SideDrawer({ opened, onClose, title, size = DRAWER_WIDTH, children }: SideDrawerProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : size}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Drawer>
  );
}
