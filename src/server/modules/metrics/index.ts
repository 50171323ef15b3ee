import type { ServerModule } from '../../lib/server-module.js';
import { localSocketsBySociety } from './metrics.js';
import { metricsRoutes } from './routes.js';

/** Prometheus metrics at /metrics (METRICS_TOKEN): the outbox depth and sockets are read at scrape time. */
export const metricsModule: ServerModule = {
  name: 'metrics',
  build: ({ metrics, config, log, outboxDepth, realtime }) => {
    metrics.watch({
      outboxDepth,
      socketsBySociety: () => localSocketsBySociety(realtime.io),
      onError: (err, source) => log.error({ err, source }, 'metrics: a scrape-time source failed'),
    });
    return { routes: (app) => app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN }) };
  },
};
