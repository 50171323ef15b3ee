/**
 * The built screens, by route path. A module issue adds its entries here; every path not listed
 * shows the "not built yet" page. Access (canUse) is checked before this map is consulted.
 */
import { lazy, type ComponentType } from 'react';
import type { RoutePath } from '../../shared/subroles';
import { useSetSocietyLogo, useSocietyLogo } from './layout/app-header';

/**
 * A screen loaded on first visit (issue 11 "A light web app": each feature is its own chunk; the
 * entry keeps the shell, sign-in and the alarm center). ModuleRoute shows a loader meanwhile.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const AnnouncementsScreen = lazyScreen(() => import('../features/announcements/components/announcements-screen').then((m) => m.AnnouncementsScreen));
const BillingScreen = lazyScreen(() => import('../features/billing/components/billing-screen').then((m) => m.BillingScreen));
const LogoScreen = lazyScreen(() => import('../features/logo/components/logo-screen').then((m) => m.LogoScreen));
const VideoPanelScreen = lazyScreen(() => import('../features/video-panel/components/video-panel-screen').then((m) => m.VideoPanelScreen));
const NotificationPanelScreen = lazyScreen(() => import('../features/notification-panel/components/notification-panel-screen').then((m) => m.NotificationPanelScreen));
const ResidenceScreen = lazyScreen(() => import('../features/residents/components/residence-screen').then((m) => m.ResidenceScreen));
const StatusScreen = lazyScreen(() => import('../features/status/components/status-screen').then((m) => m.StatusScreen));
const ComplaintStageScreen = lazyScreen(() => import('../features/complaints/components/complaint-stage-screen').then((m) => m.ComplaintStageScreen));
const ConsultationsScreen = lazyScreen(() => import('../features/doctor/components/consultations-screen').then((m) => m.ConsultationsScreen));
const DoctorRequestsScreen = lazyScreen(() => import('../features/doctor/components/doctor-requests-screen').then((m) => m.DoctorRequestsScreen));
const GroceryRequestsScreen = lazyScreen(() => import('../features/grocery/components/grocery-screens').then((m) => m.GroceryRequestsScreen));
const OrdersScreen = lazyScreen(() => import('../features/grocery/components/grocery-screens').then((m) => m.OrdersScreen));
const NotHomeScreen = lazyScreen(() => import('../features/not-home/components/not-home-screen').then((m) => m.NotHomeScreen));
const SecurityStageScreen = lazyScreen(() => import('../features/security/components/security-stage-screen').then((m) => m.SecurityStageScreen));
const DiscountsScreen = lazyScreen(() => import('../features/discounts/components/discounts-screen').then((m) => m.DiscountsScreen));
const FeedScreen = lazyScreen(() => import('../features/feed/components/feed-screen').then((m) => m.FeedScreen));
const PlotsScreen = lazyScreen(() => import('../features/plots/components/plots-screen').then((m) => m.PlotsScreen));

export const BUILT_SCREENS: Partial<Record<RoutePath, ComponentType>> = {
  '/Complaints': () => <ComplaintStageScreen stage="new" />,
  '/Pending': () => <ComplaintStageScreen stage="processing" />,
  '/Completed': () => <ComplaintStageScreen stage="completed" />,
  '/Security': () => <SecurityStageScreen stage="new" />,
  '/ProcessSec': () => <SecurityStageScreen stage="processing" />,
  '/CompletedSecurity': () => <SecurityStageScreen stage="completed" />,
  '/NotHome': () => <NotHomeScreen state="active" />,
  '/NotHomeCancelled': () => <NotHomeScreen state="cancelled" />,
  '/NotHomeCompleted': () => <NotHomeScreen state="arrived" />,
  '/Grocery': GroceryRequestsScreen,
  '/Orders': () => <OrdersScreen stage="open" />,
  '/CompletedGrocery': () => <OrdersScreen stage="delivered" />,
  '/Doctor': DoctorRequestsScreen,
  '/Prescription': () => <ConsultationsScreen stage="open" />,
  '/CompletedDoctor': () => <ConsultationsScreen stage="done" />,
  '/Residence': ResidenceScreen,
  '/Status': StatusScreen,
  '/Billing': BillingScreen,
  '/NotificationPanel': NotificationPanelScreen,
  // ── issue 10: posts (/CMS, /Discounts, /Plots) ──
  '/CMS': FeedScreen,
  '/Discounts': DiscountsScreen,
  '/Plots': PlotsScreen,
  // ── issue 10: /Annoucements, /VideoPanel, /Logo ──
  '/Annoucements': AnnouncementsScreen,
  '/VideoPanel': VideoPanelScreen,
  // The logo lives in the `me` query that the header reads (app/layout/app-header.tsx).
  '/Logo': function LogoRoute() {
    const logoUrl = useSocietyLogo();
    const setLogoUrl = useSetSocietyLogo();
    return <LogoScreen logoUrl={logoUrl} onLogoChanged={setLogoUrl} />;
  },
};
