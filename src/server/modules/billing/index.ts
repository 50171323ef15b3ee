import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { uploadTempDir } from '../../lib/upload-file.js';
import { residentRoom } from '../../realtime/rooms.js';
import { billingRoutes } from './routes.js';
import { billingService } from './service.js';
import { sheetParser } from './sheet-parser.js';

/** Bills: resident search, bills, spreadsheet imports parsed in worker threads (closed with the app), and the resident's own bills. */
export const billingModule: ServerModule = {
  name: 'billing',
  build: (deps) => {
    const { db, bus, outbox, clock, config, limits, auth, residentAuth } = deps;
    // Spreadsheets are parsed in worker threads with heap and time limits (sheet-parser.ts).
    const sheets = sheetParser({
      workers: config.IMPORT_PARSE_WORKERS,
      queue: config.IMPORT_PARSE_QUEUE,
      timeoutMs: config.IMPORT_PARSE_TIMEOUT_MS,
      memoryMb: config.IMPORT_PARSE_MEMORY_MB,
    });
    const billing = billingService({ db, bus, outbox, clock, sheets });
    return {
      routes: (app) =>
        app.register(billingRoutes, {
          auth,
          residentAuth,
          billing,
          imports: limits.imports,
          uploadTimeoutMs: config.UPLOAD_TIMEOUT_MS,
          uploadDir: uploadTempDir(config.DATA_DIR),
          exportDeps: exportDepsOf(deps),
        }),
      // A bill entered one at a time is told to its resident's socket. An import's bills (up to
      // 20,000 at once) are not: each resident gets the push and the app reads its list.
      listen: (to) => bus.on('bill.created', (e) => to(residentRoom(e.residentId)).emit('resident-bill', e.bill)),
      close: () => sheets.close(),
    };
  },
};
