/**
 * The built screens, by route path. A module issue adds its entries here; every path not listed
 * shows the "not built yet" page. Access (canUse) is checked before this map is consulted.
 */
import type { ComponentType } from 'react';
import type { RoutePath } from '../../shared/subroles';
import { AnnouncementsScreen } from '../features/announcements/components/announcements-screen';
import { BillingScreen } from '../features/billing/components/billing-screen';
import { LogoScreen } from '../features/logo/components/logo-screen';
import { VideoPanelScreen } from '../features/video-panel/components/video-panel-screen';
import { useSetSocietyLogo, useSocietyLogo } from './layout/app-header';
import { NotificationPanelScreen } from '../features/notification-panel/components/notification-panel-screen';
import { ResidenceScreen } from '../features/residents/components/residence-screen';
import { StatusScreen } from '../features/status/components/status-screen';
import { ComplaintStageScreen } from '../features/complaints/components/complaint-stage-screen';
import { ConsultationsScreen } from '../features/doctor/components/consultations-screen';
import { DoctorRequestsScreen } from '../features/doctor/components/doctor-requests-screen';
import { GroceryRequestsScreen, OrdersScreen } from '../features/grocery/components/grocery-screens';
import { NotHomeScreen } from '../features/nothome/components/nothome-screen';
import { SecurityStageScreen } from '../features/security/components/security-stage-screen';
// issue 10: posts
import { DiscountsScreen } from '../features/discounts/components/discounts-screen';
import { FeedScreen } from '../features/feed/components/feed-screen';
import { PlotsScreen } from '../features/plots/components/plots-screen';

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
