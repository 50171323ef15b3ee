/**
 * The signed-in frame, phone first: a header with the society's name, the screen, and a bottom
 * navigation (SOS, Services, Society, Alerts with the unread count, Profile) within thumb reach.
 */
import { Badge, Box, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { NavLink, Outlet } from 'react-router';
import { useProfile } from '../features/account/account-api';
import { useNotifications } from '../features/notifications/notifications-api';
import { t } from '../i18n/catalogue';
import { useLiveUpdates } from '../live';
import classes from './shell.module.css';

const NAV = [
  { to: '/', label: t.nav.home, end: true },
  { to: '/services', label: t.nav.services, end: false },
  { to: '/society', label: t.nav.society, end: false },
  { to: '/notifications', label: t.nav.notifications, end: false },
  { to: '/profile', label: t.nav.profile, end: false },
] as const;

export function Shell() {
  useLiveUpdates();
  const profile = useProfile();
  const notifications = useNotifications();
  const unread = notifications.data?.unread ?? 0;
  return (
    <div className={classes.frame}>
      <Box component="header" className={classes.header} px="md" py="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h4">
            {t.appName}
          </Title>
          <Text size="sm" c="dimmed" truncate>
            {profile.data?.societyName}
          </Text>
        </Group>
      </Box>
      <Box component="main" className={classes.main}>
        <Outlet />
      </Box>
      <nav aria-label={t.nav.label} className={classes.nav}>
        {NAV.map((item) => (
          <UnstyledButton key={item.to} component={NavLink} to={item.to} end={item.end} className={classes.link}>
            {item.label}
            {item.to === '/notifications' && unread > 0 && (
              <Badge size="xs" color="red" circle aria-label={t.notifications.unread(unread)}>
                {t.notifications.badge(unread)}
              </Badge>
            )}
          </UnstyledButton>
        ))}
      </nav>
    </div>
  );
}
