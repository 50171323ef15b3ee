import type { ServerModule } from '../../lib/server-module.js';
import { billingRoutes } from './routes.js';
import { billingService } from './service.js';
import { sheetParser } from './sheet-parser.js';

/** Bills: resident search, bills, spreadsheet imports parsed in worker threads (closed with the app), and the resident's own bills. */
export const billingModule: ServerModule = {
  name: 'billing',
  build: ({ db, outbox, clock, config, limits, auth, residentAuth }) => {
    // Spreadsheets are parsed in worker threads with heap and time limits (sheet-parser.ts).
    const sheets = sheetParser({
      workers: config.IMPORT_PARSE_WORKERS,
      queue: config.IMPORT_PARSE_QUEUE,
      timeoutMs: config.IMPORT_PARSE_TIMEOUT_MS,
      memoryMb: config.IMPORT_PARSE_MEMORY_MB,
    });
    const billing = billingService({ db, outbox, clock, sheets });
    return {
      routes: (app) => app.register(billingRoutes, { auth, residentAuth, billing, imports: limits.imports, uploadTimeoutMs: config.UPLOAD_TIMEOUT_MS }),
      close: () => sheets.close(),
    };
  },
};
