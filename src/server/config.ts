/**
 * Environment, validated once at start-up; a bad value stops the server with a clear message.
 */
import path from 'node:path';
import { z } from 'zod';

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** PGlite data folder, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… to use a PostgreSQL server instead of embedded PGlite. */
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Staff session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  /** Failed staff sign-ins allowed per email and address within LOGIN_WINDOW_S before 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_S: z.coerce.number().int().min(1).default(15 * 60),
  /** Outbox poll interval in milliseconds. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Seconds an alarm may stay unacknowledged before it is escalated. */
  ESCALATE_AFTER_S: z.coerce.number().positive().max(86_400).default(60),
  /** How often the escalation job looks, in milliseconds. */
  ESCALATE_CHECK_MS: z.coerce.number().int().min(50).default(1000),
  /** How often the not-at-home arrival job runs, in milliseconds. */
  ARRIVAL_CHECK_MS: z.coerce.number().int().min(50).default(60_000),
});
export type Config = z.infer<typeof ZEnv>;

/** Parses `env` (default process.env); throws a readable Error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
