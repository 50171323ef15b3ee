/**
 * Every package the lock installs supports the oldest Node that package.json's `engines` promises
 * (README: Node 20.19+): `npm ci` prints an EBADENGINE warning for each one that does not, and a
 * newcomer on Node 20 reads them as "wrong Node". A dependency bump that brings a package wanting
 * a newer Node fails here; pin a version that supports 20, or raise `engines` with an ADR.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// npm's own range grammar ('>= 18', '10.x', '^20.19.0 || >=22.12'), from node-semver. It is in
// node_modules through the tool chain (eslint, vite, typescript-eslint…), not a dependency of the app.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

interface LockPackage {
  version?: string;
  engines?: { node?: unknown } | unknown[];
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockPackage> };
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };

/** The lock's packages whose `engines.node` (a range) excludes `version`: `path@version (range)`. */
function refusing(version: string): string[] {
  return Object.entries(lock.packages).flatMap(([path, p]) => {
    const range = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
    return typeof range === 'string' && !semver.satisfies(version, range) ? [`${path}@${p.version} (${range})`] : [];
  });
}

describe('Node engines of the locked packages', () => {
  const oldest = semver.minVersion(pkg.engines.node)?.version;

  it('package.json promises Node 20.19 and later', () => {
    expect(oldest).toBe('20.19.0');
  });

  it('no locked package wants a newer Node than the oldest promised (no EBADENGINE on npm ci)', () => {
    expect(refusing(oldest!)).toEqual([]);
  });

  it('sees a package that wants Node 22', () => {
    // The check itself: the ranges that brought the warnings (cookie 2, content-disposition 3, @axe-core/playwright 4.14).
    expect(semver.satisfies('20.19.0', '>=22')).toBe(false);
    expect(semver.satisfies('20.19.0', '>=22.12.0')).toBe(false);
    expect(semver.satisfies('20.19.0', '>= 18')).toBe(true);
    expect(semver.satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
  });
});
