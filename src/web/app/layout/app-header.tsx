/**
 * Header (spec section 1): logo slot, 'Hi {name}, Dashboard!', the ticking clock, the live
 * connection state and Log Out (ends the server session, clears all local storage, closes the
 * socket, goes to /Login).
 */
import { Badge, Burger, Button, Group, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useSocketConnected } from '../../lib/socket';
import { useUser } from '../../lib/user-context';
import { HeaderClock } from './header-clock';

interface AppHeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

export function AppHeader({ navbarOpened, onToggleNavbar }: AppHeaderProps) {
  const user = useUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const live = useSocketConnected();

  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate('/Login', { replace: true }) });

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navbarOpened} onClick={onToggleNavbar} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
        {/* Logo slot: the logo module (spec section 1, logoId) replaces this mark. */}
        <Text component={Link} to="/" fw={800} c="teal.7" style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}>
          Society Desk
        </Text>
        <Title order={1} size="h4" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
          Hi {user.name}, Dashboard!
        </Title>
      </Group>
      <Group gap="md" wrap="nowrap">
        <HeaderClock />
        <Badge variant="dot" color={live ? 'teal' : 'gray'} visibleFrom="md">
          {live ? 'Live' : 'Connecting…'}
        </Badge>
        <Button variant="light" color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut} loading={logout.isPending}>
          Log Out
        </Button>
      </Group>
    </Group>
  );
}
