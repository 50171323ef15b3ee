/** Audit log: /Audit, every recorded action of the society (super-admin). */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const audit: WebFeature = {
  module: 'audit',
  title: 'Audit log',
  screens: { '/Audit': lazyScreen(() => import('./components/audit-screen').then((m) => m.AuditScreen)) },
};
