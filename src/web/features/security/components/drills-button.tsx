/**
 * "Drills" on /Security (button-one): opens the SOS drills panel in a drawer. The panel is its
 * own lazy chunk, loaded on the first click.
 */
import { Button } from '@mantine/core';
import { Suspense, useState } from 'react';
import { LazyDrillsPanel } from '../../../components/drills/lazy-drills-panel';
import { SideDrawer } from '../../../components/side-drawer';

export function DrillsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" color="violet" size="compact-md" onClick={() => setOpened(true)}>
        Drills
      </Button>
      <SideDrawer opened={opened} onClose={() => setOpened(false)} title="SOS drills">
        {opened ? (
          <Suspense fallback={null}>
            <LazyDrillsPanel />
          </Suspense>
        ) : null}
      </SideDrawer>
    </>
  );
}
