/**
 * The night-theme toggle (header and login screen): a sun in the dark scheme, a moon in the light
 * one, named for what it does ('Switch to light theme' / 'Switch to dark theme'). The choice is
 * kept for the signed-in member (lib/color-scheme.ts); on the login screen it lasts until someone
 * signs in.
 *
 * Its tooltip is a {@link LazyIconTooltip}: Mantine's Tooltip brings Floating UI (16 kB Brotli),
 * which would push the initial load past its budget (ADR 0006). Until that chunk arrives, just
 * after start, the button works the same without the tooltip.
 */
import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { LazyIconTooltip } from './lazy-icon-tooltip';

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // Read on first render (not in an effect): the icon must match the scheme already painted.
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <LazyIconTooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setColorScheme(next)}>
        {computed === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
      </ActionIcon>
    </LazyIconTooltip>
  );
}
