/**
 * Drops and recreates the PostgreSQL database of `url` (the benches' own databases, whose names
 * start with "bench"; the caller checks the name). Connects to the server's `postgres` database.
 */
import pg from 'pg';

export async function freshDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  } finally {
    await c.end();
  }
}
