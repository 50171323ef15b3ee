/**
 * Header (spec section 1): the society's logo, 'Hi {name}, Dashboard!', the ticking clock, the
 * live connection state and Log Out (ends the server session, clears all local storage, closes the
 * socket, goes to /Login).
 *
 * The logo (issue 10) is the `logoUrl` of the `me` query (GET /api/society/me); the app's mark
 * shows while there is none. It changes at once on every staff screen of the society: the socket
 * listener (app/live-updates.tsx) and the /Logo screen write the new URL into that query.
 */
import { Badge, Burger, Button, Group, Image, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { useLogout } from '../../features/auth/api/logout';
import { useSocketConnected } from '../../lib/socket';
import { useUser } from '../../lib/user-context';
import { HeaderClock } from './header-clock';

/** The society's logo URL: null when none is set, undefined until the `me` query has answered. */
export function useSocietyLogo(): string | null | undefined {
  const { data } = useQuery(meQueryOptions);
  return data ? (data.logoUrl ?? null) : undefined;
}

/** Writes a new logo URL into the `me` query (every header re-renders with it). */
export function useSetSocietyLogo(): (logoUrl: string | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (logoUrl: string | null) => queryClient.setQueryData(meQueryOptions.queryKey, (old) => (old ? { ...old, logoUrl } : old)),
    [queryClient],
  );
}

interface AppHeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

export function AppHeader({ navbarOpened, onToggleNavbar }: AppHeaderProps) {
  const user = useUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const live = useSocketConnected();
  const logoUrl = useSocietyLogo();

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
          <Text component={Link} to="/" fw={800} c="teal.7" style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}>
            Society Desk
          </Text>
        )}
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
