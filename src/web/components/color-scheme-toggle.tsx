/**
 * The night-theme toggle (header and login screen): a sun in the dark scheme, a moon in the light
 * one, named for what it does ('Switch to light theme' / 'Switch to dark theme'). The choice is
 * kept for the signed-in member (lib/color-scheme.ts); on the login screen it lasts until someone
 * signs in.
 */
import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // Read on first render (not in an effect): the icon must match the scheme already painted.
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;

  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setColorScheme(next)}>
        {computed === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
