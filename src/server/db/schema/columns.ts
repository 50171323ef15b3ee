/** Column helpers shared by the schema's tables. */
import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at`: when the row was stored (timestamptz, set by the database). */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
