/**
 * The SOS drills panel (start, list, reports) as a self-contained lazy component: /Security's
 * "Drills" button opens it for button-one, and a screen of super-admin's (who has no /Security
 * menu) can place it as it is. Its code is a chunk of its own, loaded when first shown.
 */
import { lazyChunk } from '../../lib/load-chunk';

export const LazyDrillsPanel = lazyChunk(() => import('./drills-panel').then((m) => ({ default: m.DrillsPanel })));
