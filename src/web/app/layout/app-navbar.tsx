/**
 * The sub-role's menu (spec section 2 "Menus by sub-role", from the shared table). When a menu
 * spans several modules (button-one, cms-all, super-admin) entries are grouped under the module
 * name, since labels such as 'Processing' and 'Completed' repeat across modules.
 *
 * A long menu scrolls natively: Mantine's ScrollArea imports @floating-ui/react, which would put
 * about 13 kB gzip of popover positioning into the initial load (ADR 0006).
 */
import { Box, NavLink, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { homeFor, menuFor, type Module, type RouteDef } from '../../../shared/subroles';
import { moduleTitle } from '../features';

function groupByModule(menu: readonly RouteDef[]): { module: Module; routes: RouteDef[] }[] {
  const groups: { module: Module; routes: RouteDef[] }[] = [];
  for (const route of menu) {
    const last = groups.at(-1);
    if (last && last.module === route.module) last.routes.push(route);
    else groups.push({ module: route.module, routes: [route] });
  }
  return groups;
}

export function AppNavbar({ subRole, onNavigate }: { subRole: string; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const home = homeFor(subRole);
  const groups = groupByModule(menuFor(subRole));

  return (
    <Box mih={0} style={{ overflowY: 'auto' }}>
      {groups.map(({ module, routes }) => (
        <div key={module}>
          {groups.length > 1 ? (
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt="sm" mb={4} px="sm">
              {moduleTitle(module)}
            </Text>
          ) : null}
          {routes.map((route) => (
            <NavLink
              key={route.path}
              component={Link}
              to={route.path}
              label={route.label}
              active={pathname === route.path || (pathname === '/' && route.path === home)}
              onClick={onNavigate}
            />
          ))}
        </div>
      ))}
    </Box>
  );
}
