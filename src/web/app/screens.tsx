/**
 * The built screens, by route path. A module issue adds its entries here; every path not listed
 * shows the "not built yet" page. Access (canUse) is checked before this map is consulted.
 */
import type { ComponentType } from 'react';
import type { RoutePath } from '../../shared/subroles';
import { BillingScreen } from '../features/billing/components/billing-screen';
import { NotificationPanelScreen } from '../features/notification-panel/components/notification-panel-screen';
import { ResidenceScreen } from '../features/residents/components/residence-screen';
import { StatusScreen } from '../features/status/components/status-screen';
import { ComplaintStageScreen } from '../features/complaints/components/complaint-stage-screen';
import { ConsultationsScreen } from '../features/doctor/components/consultations-screen';
import { DoctorRequestsScreen } from '../features/doctor/components/doctor-requests-screen';
import { GroceryRequestsScreen, OrdersScreen } from '../features/grocery/components/grocery-screens';
import { NotHomeScreen } from '../features/nothome/components/nothome-screen';
import { SecurityStageScreen } from '../features/security/components/security-stage-screen';

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
  // ── issue 10: /Annoucements, /VideoPanel, /Logo ──
};
