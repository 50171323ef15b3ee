/**
 * All 27 routes (spec section 2; ALL_PATHS in shared/subroles): /Login, / and the 25 module paths,
 * matched case-sensitively ('/Pending', not '/pending'). Everything but /Login sits behind the
 * signed-in guard and the shell; the network gate above them replaces every route when offline.
 *
 * React Router's declarative mode (`<BrowserRouter>` in providers.tsx, `useRoutes` here): the app
 * uses no loaders, actions or fetchers, and the data router (`createBrowserRouter`) would add about
 * 17 kB gzip to the initial load (ADR 0006, the bundle budget).
 */
import { useRoutes, type RouteObject } from 'react-router';
import { ROUTES } from '../../shared/subroles';
import { AppLayout } from './layout/app-layout';
import { NetworkGate } from './layout/network-gate';
import { RequireUser } from './layout/require-user';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { ModuleRoute } from './routes/module';
import { NotFoundRoute } from './routes/not-found';

const moduleRoutes: RouteObject[] = ROUTES.map((route) => ({
  path: route.path,
  caseSensitive: true,
  // key: each path gets fresh screen state (the same component serves several paths).
  element: <ModuleRoute key={route.path} path={route.path} />,
}));

const routes: RouteObject[] = [
  {
    path: '/',
    element: <NetworkGate />,
    children: [
      { path: '/Login', caseSensitive: true, element: <LoginRoute /> },
      {
        element: <RequireUser />,
        children: [
          {
            element: <AppLayout />,
            children: [{ index: true, element: <HomeRoute /> }, ...moduleRoutes, { path: '*', element: <NotFoundRoute /> }],
          },
        ],
      },
    ],
  },
];

/** The routed element tree; rendered inside `<BrowserRouter>` (providers.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
