import type { ServerModule } from '../../lib/server-module.js';
import { intervalJob } from '../../lib/interval-job.js';
import { mediaRoutes } from './routes.js';
import { mediaService } from './service.js';
import { mediaStorageFor } from './storage.js';
import { uploadTempDir } from '../../lib/upload-file.js';

/** Media: storage, uploads (two limits), serving, and the job that deletes released and never-attached media. */
export const mediaModule: ServerModule = {
  name: 'media',
  build: ({ db, config, clock, log, limits, metrics, auth }) => {
    const media = mediaService({ db, storage: mediaStorageFor(config), clock, orphanHours: config.MEDIA_ORPHAN_HOURS, log, uploadBytes: limits.uploadBytes });
    return {
      routes: (app) =>
        app.register(mediaRoutes, {
          auth,
          media,
          uploads: limits.uploads,
          uploadDir: uploadTempDir(config.DATA_DIR),
          uploadTimeoutMs: config.UPLOAD_TIMEOUT_MS,
          now: () => clock.now().getTime(),
        }),
      jobs: { media: intervalJob('media', config.PURGE_CHECK_MS, () => media.collect(), log, metrics) },
    };
  },
};
