/**
 * The one place that says how the bench fills `desk_requests` (bench/list-scale.ts).
 *
 * Each entry is a column and the SQL expression that fills it, over these names (see seed.ts):
 * `g` (1…M, the row's place in its society's series, rising with id and created_at), `p.sid` (the
 * society id), `p.res` (its residents' ids, an int[]), `p.staff` (its complaints desk staff id,
 * may be null), `p.t0` (a timestamptz just after the newest existing row) and `p.k` (the
 * society's index, 0 or 1). {@link LEFT_DEFAULT} lists the columns deliberately left to their
 * default. {@link checkColumns} compares both lists with the live table: a NOT NULL column without
 * default that is in neither list stops the bench (it could not insert); any other unknown column
 * is checked after the insert (seed.ts): if a trigger filled it on every bench row it is only
 * noted, otherwise it is reported as a warning (a `search_text` left empty would make the searches
 * measure nothing; the response checks in list-scale.ts catch that too).
 */

/** The 1% search word (in the body of every 100th row) and a word no row contains. */
export const HIT_WORD = 'waterlogging';
export const MISS_WORD = 'helicopter';

const sqlArray = (items: readonly string[]) => `(array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}])`;
const PROBLEMS = sqlArray([
  'Water leakage from the supply line',
  'Streetlight not working',
  'Garbage not collected',
  'Loud music after midnight',
  'Broken boundary wall',
  'Low gas pressure',
  'Park needs maintenance',
  'Stray dogs at night',
  'Blocked sewer drain',
  'Pothole in the road',
  'Lift out of order',
  'Tree branches on the wires',
  'Illegal parking at the gate',
]);
const PLACES = sqlArray([
  'Street 1',
  'Street 4',
  'Street 9',
  'the main boulevard',
  'Block A',
  'Block C',
  'Block F',
  'the mosque road',
  'the market lane',
  'the school gate',
  'the park corner',
]);
const WHEN = sqlArray(['since morning', 'for two days', 'every weekend', 'since last week', 'at night', 'after the rain', 'for a month']);

// Realistic bodies (--realistic): residents write in many ways, so the texts share far more
// trigrams with any search word than the small vocabulary above does.
const OPENERS = sqlArray([
  'Please look into this urgently:',
  'Dear management,',
  'Assalam o alaikum,',
  'Kindly help,',
  'This is the third time I am writing.',
  'Sir,',
  'Respected team,',
  'Hello,',
  'Urgent!',
  'For your information,',
  'Complaint from the resident of',
  'As discussed with the guard,',
]);
const ISSUES = sqlArray([
  'the water tank on the roof is overflowing',
  'there is no electricity in our lane',
  'the sewerage line is choked and smelling',
  'the guard at the back gate was sleeping',
  'someone parked a car in front of my garage',
  'the gardener did not come this week',
  'the street lights are flickering all night',
  'construction noise starts before 7 am',
  'the lift gets stuck between floors',
  'the main gate barrier is broken',
  'the cleaning staff left the garbage bags open',
  'the CCTV camera near the park is not working',
  'water pressure is very low in the morning',
  'stray cats have entered the stairwell',
  'the neighbours are burning leaves',
  'the intercom does not ring at my house',
  'a broken pipe is flooding the footpath',
  'the speed breaker paint has faded',
  'kids are playing cricket in the parking',
  'the mosquito spray was not done this month',
  'the boundary wall has a crack',
  'the gas meter is leaking near the kitchen',
  'internet cable was cut by the workers',
  'the playground swing is broken',
]);
const DETAILS = sqlArray([
  'My house number is',
  'Please send someone to',
  'I live at',
  'The problem is near',
  'Contact me at the house',
  'It is right outside',
]);
const CLOSERS = sqlArray([
  'Thanks.',
  'Please resolve it soon.',
  'My family is very worried.',
  'This is unacceptable.',
  'Waiting for your reply.',
  'Call me before coming.',
  'Regards.',
  'JazakAllah.',
  'Please treat it as a priority.',
  'It has been pending for days.',
]);

/**
 * A realistic body for row g: opener, issue, a house and street number, a time, a closer, picked
 * by different strides so the combinations vary; every 100th holds {@link HIT_WORD}.
 */
export function realisticBodyExpr(): string {
  return `${OPENERS}[1 + (g * 7) % 12] || ' ' || ${ISSUES}[1 + (g * 13) % 24] || '. ' || ${DETAILS}[1 + (g * 5) % 6] || ' house ' || (1 + (g * 37) % 480)
    || ', street ' || (1 + (g * 11) % 40) || ', block ' || chr(65 + (g * 3) % 8) || '. Since ' || (1 + g % 12) || ':' || lpad(((g * 17) % 60)::text, 2, '0')
    || case when g % 2 = 0 then ' am' else ' pm' end || case when g % 100 = 0 then ', with ${HIT_WORD} in the lane' else '' end || '. ' || ${CLOSERS}[1 + (g * 3) % 10]`;
}

/** Row g's stage: the oldest tenth completed, the next tenth processing, the newest N rows new. */
export function stageExpr(extraPerStage: number): string {
  return `case when g <= ${extraPerStage} then 'completed' when g <= ${2 * extraPerStage} then 'processing' else 'new' end`;
}

/** Column → SQL expression (see the module comment for the names in scope). */
export function fillColumns(extraPerStage: number, rowsPerSociety: number, realistic = false): [column: string, expr: string][] {
  const stage = stageExpr(extraPerStage);
  const at = `p.t0 + ((p.k * ${rowsPerSociety} + g) * interval '1 millisecond')`;
  const done = `(${stage}) = 'completed'`;
  const moved = `(${stage}) <> 'new'`;
  return [
    ['desk', `'complaint'`],
    ['society_id', 'p.sid'],
    ['resident_id', 'p.res[1 + (g * 7919) % array_length(p.res, 1)]'],
    [
      'body',
      realistic
        ? realisticBodyExpr()
        : `${PROBLEMS}[1 + g % 13] || ' near ' || ${PLACES}[1 + (g / 13) % 11] || ', ' || ${WHEN}[1 + (g * 31) % 7] || case when g % 100 = 0 then '; ${HIT_WORD} near the gate' else '' end || '.'`,
    ],
    ['stage', stage],
    ['created_at', at],
    ['proceeded_at', `case when ${moved} then ${at} + interval '1 hour' end`],
    ['proceeded_by', `case when ${moved} then p.staff end`],
    ['completed_at', `case when ${done} then ${at} + interval '2 hours' end`],
    ['completed_by', `case when ${done} then p.staff end`],
    ['response', `case when ${done} then 'Resolved by the maintenance team.' end`],
  ];
}

/** Columns left to their default (or NULL) on purpose: security-only fields and the serial id. */
export const LEFT_DEFAULT = ['id', 'staff_note', 'acknowledged_at', 'acknowledged_by', 'escalated_at', 'press_count', 'last_pressed_at', 'is_drill'];

/** One row of information_schema.columns. */
export interface ColumnInfo {
  column_name: string;
  is_nullable: string;
  column_default: string | null;
  is_generated: string;
  is_identity: string;
}

/**
 * @returns the columns that are neither filled nor listed as left to default (nullable or with a
 *   default; generated, identity and sequence columns excluded).
 * @throws Error naming every filled column the table lacks and every NOT NULL column without a
 *   default (not generated, not identity) that the bench does not fill.
 */
export function checkColumns(table: readonly ColumnInfo[], filled: readonly string[]): ColumnInfo[] {
  const names = new Set(table.map((c) => c.column_name));
  const missing = filled.filter((c) => !names.has(c));
  const known = new Set([...filled, ...LEFT_DEFAULT]);
  const unknown = table.filter(
    (c) => !known.has(c.column_name) && c.is_generated !== 'ALWAYS' && c.is_identity !== 'YES' && !c.column_default?.startsWith('nextval('),
  );
  const required = unknown.filter((c) => c.is_nullable === 'NO' && c.column_default === null);
  if (missing.length > 0 || required.length > 0) {
    throw new Error(
      'bench/list-scale/columns.ts is out of date with desk_requests:' +
        (missing.length ? ` it fills columns the table no longer has (${missing.join(', ')});` : '') +
        (required.length ? ` NOT NULL columns without default are not filled (${required.map((c) => c.column_name).join(', ')}).` : '') +
        ' Update fillColumns() / LEFT_DEFAULT.',
    );
  }
  return unknown.filter((c) => !required.includes(c));
}
