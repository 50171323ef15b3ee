/**
 * Server-side prepared statements for the PostgreSQL lanes, without naming them in every repo.
 *
 * A parameterised statement sent unnamed is parsed, analysed and planned by PostgreSQL on every
 * call. On the alarm path that was about a third of PostgreSQL's CPU (a `perf` profile of the load
 * bench's alarm-only run: planning 22 %, parsing and analysis 12 %), for statements whose text
 * never changes — only their values do. node-postgres keeps a named statement parsed on each
 * connection after its first use (it sends Parse once per connection and name), and PostgreSQL
 * then skips parsing and analysis and, after five executions, may keep a generic plan (its
 * `plan_cache_mode = auto`, which re-plans per call when that is cheaper).
 *
 * {@link StatementNames} gives a text a short name when it is sent the second time: a statement
 * sent once (a rare filter combination, a one-off) takes no slot. At most {@link
 * STATEMENT_NAMES_MAX} texts of a process are named, and only texts up to {@link
 * STATEMENT_TEXT_MAX} characters: multi-row inserts (an import's batches) and the like stay
 * unnamed, and a backend holds at most that many statements. (The generated-input suite, which
 * walks every route with many inputs, sends 246 distinct texts in one process.) The
 * PostgreSQL lanes' connection class (`laneClient`, db/lane-client.ts) uses it.
 *
 * PostgreSQL servers only: the embedded database multiplexes its connections onto one session,
 * where two connections preparing the same name would collide. A statement stays correct when
 * tables change under it (PostgreSQL re-analyses a cached statement whose tables changed) and
 * when the role changes (a plan under row-level security is re-made for another role). A pooler
 * in transaction mode (PgBouncer before 1.21) would break named statements: connect to
 * PostgreSQL directly, or through a pooler in session mode (docs/deploy.md).
 */
/** Distinct statement texts a process names (so also the most statements a connection prepares). */
export const STATEMENT_NAMES_MAX = 300;
/** Longest statement text (characters) that is named. */
export const STATEMENT_TEXT_MAX = 8_000;

/** Texts seen once that a process remembers (forgotten all at once when full). */
const SEEN_ONCE_MAX = 2_000;

/** The process's text → name table (shared by its lanes; names are per connection on the server). */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  constructor(
    private readonly max = STATEMENT_NAMES_MAX,
    private readonly textMax = STATEMENT_TEXT_MAX,
  ) {}

  /** The name for `text`, given on its second sight while there is room; undefined: send it unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.max || text.length > this.textMax) return known;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= SEEN_ONCE_MAX) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    const name = `sd_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  /** How many texts are named (tests read it). */
  get size(): number {
    return this.names.size;
  }
}

/**
 * `config` (a `pg.Client#query` first argument, with `values` its second) with the name
 * `names` gives its text, or undefined: send it as it is. Statements without values stay on the
 * simple protocol (BEGIN, COMMIT, settings without parameters); query objects (cursors, streams)
 * and configs that name themselves are left as they are.
 */
export function withName(config: unknown, values: unknown, names: StatementNames): object | undefined {
  // A text with its values as arguments is the config `{ text }`.
  const c = typeof config === 'string' ? { text: config } : config;
  if (typeof c !== 'object' || c === null) return undefined;
  const { text, name, submit, values: own } = c as { text?: unknown; name?: unknown; submit?: unknown; values?: unknown };
  if (typeof submit === 'function' || name !== undefined || typeof text !== 'string') return undefined;
  const sent = Array.isArray(values) ? values : own;
  if (!Array.isArray(sent) || sent.length === 0) return undefined;
  const given = names.nameFor(text);
  return given === undefined ? undefined : { ...c, name: given };
}
