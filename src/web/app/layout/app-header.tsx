/**
 * Header (spec section 1): the society's logo, 'Hi {name}, Dashboard!', the ticking clock, the
 * live connection state, the light/dark theme toggle (kept per member), My account (change your password) and Log Out (ends the server session, clears all local storage, closes the
 * socket, goes to /Login).
 *
 * The logo is the `logoUrl` of the `me` query (GET /api/society/me); the app's mark
 * shows while there is none. It changes at once on every staff screen of the society: the socket
 * listener and the /Logo screen (features/logo) write the new URL into that query (lib/me-query.ts).
 *
 * Fitting a 1024-pixel tablet (docs/ARCHITECTURE.md "Layout"): below Mantine's `lg` breakpoint
 * (1200 px) My account and Log Out are icon buttons with the same names and a tooltip, and the
 * greeting wraps onto a second line instead of pushing the buttons off; nothing in the header is
 * cut. That leaves room for one or two more icon buttons from the features' header slots.
 */
import { ActionIcon, Badge, Burger, Button, Group, Image, Text, Title, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { QuietBoundary } from '../../components/error-boundaries';
import { Link, useNavigate } from 'react-router';
import { canUse } from '../../../shared/subroles';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { LazyIconTooltip } from '../../components/lazy-icon-tooltip';
import { AccountDialog, useLogout } from '../../features/auth';
import { AlarmSoundIndicator } from '../../features/security';
import { useListenersLoading } from '../../lib/listener-loading';
import { useSocietyLogo } from '../../lib/me-query';
import { useSocketConnected } from '../../lib/socket';
import { useUser } from '../../lib/user-context';
import { FEATURES } from '../features';
import { HeaderClock } from './header-clock';

interface AppHeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

export function AppHeader({ navbarOpened, onToggleNavbar }: AppHeaderProps) {
  const user = useUser();
  const navigate = useNavigate();
  const logout = useLogout();
  // 'Live' once connected and every live listener is mounted (lib/listener-loading).
  const connected = useSocketConnected();
  const listenersLoading = useListenersLoading();
  const live = connected && !listenersLoading;
  const logoUrl = useSocietyLogo();
  const [accountOpen, account] = useDisclosure(false);

  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate('/Login', { replace: true }) });

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navbarOpened} onClick={onToggleNavbar} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
        {logoUrl ? (
          <Link to="/" style={{ display: 'flex' }}>
            <Image src={logoUrl} alt={`${user.societyName} logo`} h={40} w="auto" maw={160} fit="contain" />
          </Link>
        ) : (
          <Text component={Link} to="/" fw={800} c="teal" style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}>
            Society Desk
          </Text>
        )}
        {/* Wraps rather than cuts a long name: two lines fit the 60-pixel header. */}
        <Title order={1} size="h4" visibleFrom="xs" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
          Hi {user.name}, Dashboard!
        </Title>
      </Group>
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        {FEATURES.filter((f) => canUse(user.SubRole, f.module)).flatMap(({ module, header = [] }) =>
          header.map((Slot, index) => (
            <QuietBoundary key={`${module}-${index}`} kind="part" name={`the ${module} header control`}>
              <Suspense fallback={null}>
                <Slot />
              </Suspense>
            </QuietBoundary>
          )),
        )}
        <AlarmSoundIndicator />
        <HeaderClock />
        <Badge variant="dot" color={live ? 'teal' : 'gray'} visibleFrom="md">
          {live ? 'Live' : 'Connecting…'}
        </Badge>
        <ColorSchemeToggle />
        <HeaderButton label="My account" icon={<IconUserCircle size={18} aria-hidden />} variant="subtle" onClick={account.open} />
        {accountOpen ? (
          <QuietBoundary kind="part" name="the My account dialog">
            <Suspense fallback={null}>
              <AccountDialog onClose={account.close} />
            </Suspense>
          </QuietBoundary>
        ) : null}
        <HeaderButton label="Log Out" icon={<IconLogout size={18} aria-hidden />} variant="light" color="red" onClick={signOut} loading={logout.isPending} />
      </Group>
    </Group>
  );
}

interface HeaderButtonProps extends Pick<ButtonProps, 'variant' | 'color' | 'loading'> {
  /** The visible text from `lg` up; the icon button's name and tooltip below it. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/**
 * A header button: icon and text from Mantine's `lg` breakpoint (1200 px) up, the icon alone below
 * it (same accessible name, with a tooltip). The hidden one is `display: none`, so exactly one is
 * in the accessibility tree.
 */
function HeaderButton({ label, icon, onClick, ...props }: HeaderButtonProps) {
  return (
    <>
      <Button {...props} leftSection={icon} onClick={onClick} visibleFrom="lg">
        {label}
      </Button>
      <LazyIconTooltip label={label}>
        <ActionIcon {...props} size="lg" aria-label={label} onClick={onClick} hiddenFrom="lg">
          {icon}
        </ActionIcon>
      </LazyIconTooltip>
    </>
  );
}
