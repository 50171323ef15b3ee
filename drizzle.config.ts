import { defineConfig } from 'drizzle-kit';

/** One schema, one migration history, applied to PGlite and PostgreSQL alike. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
