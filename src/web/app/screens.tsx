/**
 * The built screens, by route path. A module issue adds its entries here; every path not listed
 * shows the "not built yet" page. Access (canUse) is checked before this map is consulted.
 */
import type { ComponentType } from 'react';
import type { RoutePath } from '../../shared/subroles';
import { ComplaintStageScreen } from '../features/complaints/components/complaint-stage-screen';
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
};
