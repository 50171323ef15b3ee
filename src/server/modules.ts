/**
 * The server's modules, in the order app.ts builds them and registers their routes (the order of
 * the OpenAPI document and of the route table). A new module is one line here; each entry's
 * `index.ts` brings its services, routes, jobs and listeners (lib/server-module.ts).
 * The staff and resident guards and the push outbox are built before these, as app plugins
 * (`staffAuth`, `residentGuards`, `pushOutbox`), because every module uses them.
 */
import type { ServerModule } from './lib/server-module.js';
import { announcementsModule } from './modules/announcements/index.js';
import { auditModule } from './modules/audit/index.js';
import { authModule } from './modules/auth/index.js';
import { billingModule } from './modules/billing/index.js';
import { clientErrorsModule } from './modules/client-errors/index.js';
import { complaintsModule } from './modules/complaints/index.js';
import { deadlinesModule } from './modules/deadlines/index.js';
import { discountsModule } from './modules/discounts/index.js';
import { doctorModule } from './modules/doctor/index.js';
import { feedModule } from './modules/feed/index.js';
import { groceryModule } from './modules/grocery/index.js';
import { healthModule } from './modules/health/index.js';
import { logoModule } from './modules/logo/index.js';
import { maintenanceModule } from './modules/maintenance/index.js';
import { mediaModule } from './modules/media/index.js';
import { metricsModule } from './modules/metrics/index.js';
import { notHomeModule } from './modules/not-home/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { plotsModule } from './modules/plots/index.js';
import { reportsModule } from './modules/reports/index.js';
import { residentAuthModule } from './modules/resident-auth/index.js';
import { residentsModule } from './modules/residents/index.js';
import { securityModule } from './modules/security/index.js';
import { staffModule } from './modules/staff/index.js';
import { videoPanelModule } from './modules/video-panel/index.js';
import { webPushModule } from './modules/web-push/index.js';

export const MODULES: readonly ServerModule[] = [
  healthModule,
  authModule,
  residentAuthModule,
  complaintsModule,
  metricsModule,
  securityModule,
  notHomeModule,
  groceryModule,
  doctorModule,
  notificationsModule,
  webPushModule,
  billingModule,
  residentsModule,
  mediaModule,
  feedModule,
  discountsModule,
  plotsModule,
  announcementsModule,
  videoPanelModule,
  logoModule,
  staffModule,
  auditModule,
  reportsModule,
  deadlinesModule,
  maintenanceModule,
  clientErrorsModule,
];
