import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure rules, no database) and `api` (Fastify through app.inject on a real
 * database: in-memory PGlite by default, the PostgreSQL server when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
