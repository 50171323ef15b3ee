/**
 * fast-check arbitraries for bad input: valid-ish shapes holding bad values.
 * Building blocks for the endpoint table in generated-input-endpoints.ts:
 * - `text(valid)`: a field's valid values mixed with NUL, lone surrogates, huge strings, unicode,
 *   numbers as strings, impossible dates, SQL/LIKE metacharacters;
 * - `anyJson`: any value of the wrong type (numbers, booleans, null, arrays, objects, nested);
 * - `body(fields)`: an object whose keys may each be missing, valid-ish, bad or of the wrong type,
 *   plus extra keys — or no object at all (an array, a string, null, nothing);
 * - `query(params)` and `idSegment`: raw URL pieces, percent-encoding included (`%00`, `%ED%A0%80`).
 */
import fc from 'fast-check';

/** Strings PostgreSQL refuses or that are not valid Unicode. */
const poison = fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\uDBFF\u0000', '\u0000'.repeat(3));

/** Text that is odd but storable (U+202E is refused as a bidi control by the input guard, with a 400). */
const oddText = fc.oneof(
  fc.constantFrom('', ' ', '\t\n', '%', '_', '\\', "' or 1=1 --", '%_\\', '😀', 'é', '\u202E', '\uFEFF', 'null', 'true', '[]', '{}'),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Numbers as strings, including ones that overflow int4, int8 or a double. */
const numericText = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', '1e400', '-0', 'NaN', 'Infinity', '0x10', ' 7 ', '2147483648', '9223372036854775808', '99999999999999999999999'),
  fc.integer().map(String),
);

/** Dates that look right but are not calendar dates, or are out of any sane range. */
export const badDate = fc.oneof(
  fc.constantFrom(
    '2026-02-31',
    '2027-02-29',
    '0000-01-01',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '9999-12-31',
    '1900-01-01',
    '0099-01-01',
    '2026-1-1',
    '26-01-01',
    '2026/01/01',
    '2026-01-01T00:00:00Z',
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
);

/** Longer than any limit; some beyond the 256 KiB body limit (→ 413). */
const hugeText = fc.oneof(
  fc.integer({ min: 101, max: 5000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('é'.repeat(2001), '😀'.repeat(1001), 'y'.repeat(300_000)),
);

/** Any bad string. */
export const badText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: poison, weight: 3 },
  { arbitrary: oddText, weight: 3 },
  { arbitrary: numericText, weight: 1 },
  { arbitrary: badDate, weight: 1 },
  { arbitrary: hugeText, weight: 1 },
  // A poison character inside otherwise valid-looking text.
  { arbitrary: fc.tuple(fc.string({ maxLength: 10 }), poison, fc.string({ maxLength: 10 })).map((p) => p.join('')), weight: 2 },
);

/** Any JSON value of any type (depth-limited), numbers included at their extremes. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    badText,
    fc.constantFrom(0, -1, -0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_VALUE, 1e-300, true, false, null),
    fc.integer(),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), poison), tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** A field's valid values, or bad text, or a value of the wrong type. */
export function text(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: badText, weight: 4 }, { arbitrary: anyJson, weight: 1 });
}

const MISSING = Symbol('missing');

/**
 * A request body built around `fields` (name → arbitrary of its value): each key present or not,
 * extra keys sometimes; 1 in 6 times no object at all (array, scalar, null) or no body.
 */
export function body(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const entries = Object.entries(fields).map(([k, arb]) => fc.option(arb, { nil: MISSING, freq: 4 }).map((v) => [k, v] as const));
  const shaped = fc
    .tuple(
      fc.tuple(...entries),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), poison, fc.constantFrom('__proto__', 'constructor')), anyJson, { maxKeys: 2 }),
    )
    .map(([pairs, extra]) => {
      const out: Record<string, unknown> = { ...extra };
      for (const [k, v] of pairs) if (v !== MISSING) out[k] = v;
      return out;
    });
  return fc.oneof({ arbitrary: shaped, weight: 5 }, { arbitrary: fc.oneof(anyJson, fc.constant(undefined)), weight: 1 });
}

/** Raw pieces that break percent-decoding or smuggle a NUL/surrogate through the URL. */
const rawUrlPiece = fc.constantFrom('%00', '%ED%A0%80', '%C0%80', '%FF', '%', '%zz', '%2500', '+', '%20', '%E2%80%AE');

/** One query value: URL-encoded text (bad or valid), or a raw piece. */
function queryValue(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const encodable = fc.oneof(valid, badText).filter((s) => !/[\uD800-\uDFFF]/.test(s));
  return fc.oneof({ arbitrary: encodable.map(encodeURIComponent), weight: 4 }, { arbitrary: rawUrlPiece, weight: 1 });
}

/**
 * A query string (with its leading '?', or '') over `params` (name → valid values): each present
 * or not, sometimes repeated (→ an array), sometimes with an extra parameter.
 */
export function query(params: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const parts = Object.entries(params).map(([k, valid]) =>
    fc.option(fc.array(queryValue(valid), { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 3 }).map((vs) => (vs ?? []).map((v) => `${k}=${v}`)),
  );
  const extra = fc.option(
    fc.tuple(fc.string({ maxLength: 6 }).map(encodeURIComponent), queryValue(fc.constant('1'))).map(([k, v]) => [`${k}=${v}`]),
    { nil: [] },
  );
  return fc.tuple(fc.tuple(...parts), extra).map(([ps, ex]) => {
    const all = [...ps.flat(), ...ex];
    return all.length === 0 ? '' : `?${all.join('&')}`;
  });
}

/** A path segment for `:id`: real-looking ids (some exist), negatives, overflows, words, raw pieces. */
export const idSegment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 120 }).map(String), weight: 3 },
  { arbitrary: fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.5', '1e3', '0x1f', 'abc', 'null', '%20', ' 1'), weight: 2 },
  { arbitrary: rawUrlPiece, weight: 1 },
  { arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent), weight: 1 },
);
