/**
 * Samples pg_stat_activity of the bench database every `everyMs` during a bench/load.ts run: how
 * many backends were executing a statement, how many sat idle inside a transaction (waiting for
 * their Node process to send the next statement), and what the busy ones waited on (Lock,
 * LWLock, IO, Client…). Many active backends or lock waits point at PostgreSQL; backends idle in
 * transaction point at the app's event loop.
 */
import pg from 'pg';

export interface PgActivity {
  samples: number;
  activeMean: number;
  activeMax: number;
  idleInTransactionMean: number;
  /** 'wait_event_type:wait_event' of active backends (with the query's start for lock waits), summed over the samples. */
  waits: Record<string, number>;
}

/** Starts sampling; `stop()` ends it and resolves with the figures. */
export async function samplePgActivity(databaseUrl: string, everyMs = 500): Promise<{ stop(): Promise<PgActivity> }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-load-sampler' });
  await client.connect();
  const name = new URL(databaseUrl).pathname.slice(1);
  const out: PgActivity = { samples: 0, activeMean: 0, activeMax: 0, idleInTransactionMean: 0, waits: {} };
  let active = 0;
  let idleInTx = 0;
  let stopped = false;
  const tick = async (): Promise<void> => {
    const { rows } = await client.query<{ state: string | null; wait: string | null }>(
      `select state, wait_event_type || ':' || wait_event
         || case when wait_event_type = 'Lock' then ' (' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60) || '…)' else '' end as wait
       from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    const busy = rows.filter((r) => r.state === 'active');
    out.samples++;
    active += busy.length;
    idleInTx += rows.filter((r) => r.state === 'idle in transaction').length;
    out.activeMax = Math.max(out.activeMax, busy.length);
    for (const r of busy) if (r.wait) out.waits[r.wait] = (out.waits[r.wait] ?? 0) + 1;
  };
  const loop = (async () => {
    while (!stopped) {
      const t = performance.now();
      await tick();
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - t))));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      await client.end();
      const mean = (n: number) => (out.samples ? n / out.samples : 0);
      return { ...out, activeMean: mean(active), idleInTransactionMean: mean(idleInTx) };
    },
  };
}
