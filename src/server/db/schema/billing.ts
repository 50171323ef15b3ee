/**
 * Utility bills and their spreadsheet imports.
 * Part of the one database schema (../schema.ts).
 */
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { residents, societies, staffUsers } from './accounts.js';

/**
 * Electricity bills (spec section 3 "Bill"): one per resident per period ('YYYY-MM').
 * total = rate_per_unit × units, 2 decimals, computed by the server (PKR).
 */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    period: text('period').notNull(),
    ratePerUnit: numeric('rate_per_unit', { precision: 10, scale: 2 }).notNull(),
    units: numeric('units', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    /** The spreadsheet import that created it, if any. */
    importId: integer('import_id'),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bills_resident_period_idx').on(t.residentId, t.period), index('bills_society_idx').on(t.societyId, t.period, t.id)],
);

/**
 * A parsed spreadsheet awaiting commit: the preview's matched rows, kept on the server so
 * the commit creates exactly what was shown. `file_sha256` lets the same file be recognised.
 */
export const billImports = pgTable(
  'bill_imports',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    period: text('period').notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** Matched rows: [{row, residentId, units, ratePerUnit, total}]. */
    matched: jsonb('matched').notNull(),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('bill_imports_society_idx').on(t.societyId, t.id)],
);
