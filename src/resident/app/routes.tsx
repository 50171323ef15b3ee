/**
 * The resident app's routes (under /app): sign-in and registration, then, for a signed-in
 * resident, the shell with its bottom navigation. Sign-in and the SOS screen are in the initial
 * load (an emergency never waits for a chunk); every other screen is a lazy chunk, which the
 * service worker precaches with the shell. Each list's items open at the list's path plus `/:id`
 * (ITEM_SCREENS). Declarative mode (useRoutes), as the dashboard's. Each lazy screen has an error
 * boundary of its own (app/error-boundary.tsx).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import type { PushItemType } from '../../shared/contracts/push';
import { SignInScreen } from '../features/account/sign-in-screen';
import { SosScreen } from '../features/sos/sos-screen';
import { ITEM_LIST_PATH } from '../lib/item-links';
import { ScreenBoundary } from './error-boundary';
import { Loading } from './loading';
import { RequireResident } from './require-resident';
import { Shell } from './shell';

const RegisterScreen = lazy(() => import('../features/account/register-screen'));
const ProfileScreen = lazy(() => import('../features/account/profile-screen'));
const ServicesMenu = lazy(() => import('../features/services/services-menu'));
const ComplaintsScreen = lazy(() => import('../features/services/complaints-screen'));
const NotHomeScreen = lazy(() => import('../features/services/not-home-screen'));
const GroceryScreen = lazy(() => import('../features/services/grocery-screen'));
const DoctorScreen = lazy(() => import('../features/services/doctor-screen'));
const BillsScreen = lazy(() => import('../features/services/bills-screen'));
const SocietyMenu = lazy(() => import('../features/society/society-menu'));
const FeedScreen = lazy(() => import('../features/society/feed-screen'));
const DiscountsScreen = lazy(() => import('../features/society/discounts-screen'));
const PlotsScreen = lazy(() => import('../features/society/plots-screen'));
const AnnouncementsScreen = lazy(() => import('../features/society/announcements-screen'));
const VideoScreen = lazy(() => import('../features/society/video-screen'));
const NotificationsScreen = lazy(() => import('../features/notifications/notifications-screen'));

/**
 * The screen of one item of each kind, at `<its list's path>/:id` (lib/item-links.ts): what a push
 * or a notification record opens. Each is a chunk of its own, so a cold deep link loads one.
 */
const ITEM_SCREENS: Readonly<Record<PushItemType, LazyExoticComponent<ComponentType>>> = {
  alarm: lazy(() => import('../features/sos/alarm-item-screen')),
  complaint: lazy(() => import('../features/services/complaint-item-screen')),
  nothome: lazy(() => import('../features/services/not-home-item-screen')),
  order: lazy(() => import('../features/services/order-item-screen')),
  consultation: lazy(() => import('../features/services/consultation-item-screen')),
  bill: lazy(() => import('../features/services/bill-item-screen')),
  post: lazy(() => import('../features/society/post-item-screen')),
  discount: lazy(() => import('../features/society/discount-item-screen')),
  plot: lazy(() => import('../features/society/plot-item-screen')),
  announcement: lazy(() => import('../features/society/announcement-item-screen')),
  message: lazy(() => import('../features/notifications/message-item-screen')),
};

/** A lazy screen: a spinner while its chunk loads; its failure (a chunk gone after a deploy, a render error) replaces only it. */
const later = (node: ReactNode) => (
  <ScreenBoundary>
    <Suspense fallback={<Loading />}>{node}</Suspense>
  </ScreenBoundary>
);

const itemRoutes: RouteObject[] = (Object.keys(ITEM_SCREENS) as PushItemType[]).map((type) => {
  const Item = ITEM_SCREENS[type];
  return { path: `${ITEM_LIST_PATH[type].slice(1)}/:id`, element: later(<Item />) };
});

export function ResidentRoutes() {
  return useRoutes([
    { path: '/sign-in', element: <SignInScreen /> },
    { path: '/register', element: later(<RegisterScreen />) },
    {
      element: <RequireResident />,
      children: [
        {
          element: <Shell />,
          children: [
            // In the initial load, but in a boundary too: a failing SOS screen leaves the navigation (and the root boundary's numbers).
            {
              index: true,
              element: (
                <ScreenBoundary>
                  <SosScreen />
                </ScreenBoundary>
              ),
            },
            { path: 'services', element: later(<ServicesMenu />) },
            { path: 'services/complaints', element: later(<ComplaintsScreen />) },
            { path: 'services/not-home', element: later(<NotHomeScreen />) },
            { path: 'services/grocery', element: later(<GroceryScreen />) },
            { path: 'services/doctor', element: later(<DoctorScreen />) },
            { path: 'services/bills', element: later(<BillsScreen />) },
            { path: 'society', element: later(<SocietyMenu />) },
            { path: 'society/feed', element: later(<FeedScreen />) },
            { path: 'society/discounts', element: later(<DiscountsScreen />) },
            { path: 'society/plots', element: later(<PlotsScreen />) },
            { path: 'society/announcements', element: later(<AnnouncementsScreen />) },
            { path: 'society/video', element: later(<VideoScreen />) },
            { path: 'notifications', element: later(<NotificationsScreen />) },
            { path: 'profile', element: later(<ProfileScreen />) },
            // The SOS screen is where the resident's alarms are followed: an alarm's back link lands there.
            { path: 'alarms', element: <Navigate to="/" replace /> },
            ...itemRoutes,
            { path: '*', element: <Navigate to="/" replace /> },
          ],
        },
      ],
    },
  ]);
}
