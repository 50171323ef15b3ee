/**
 * scripts/retain-assets.ts, the folder rules (what the server then serves is tests/api/static-assets.test.ts):
 * the resident app's build, which runs after the dashboard's, retires only its own folder.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { retainPreviousAssets } from '../../scripts/retain-assets.js';

describe('retainPreviousAssets', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("the resident app's build retires app/assets only, leaving the dashboard's new build in place", () => {
    root = mkdtempSync(path.join(tmpdir(), 'sd-retain-'));
    const web = path.join(root, 'web');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    mkdirSync(path.join(web, 'app', 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'assets', 'index-New1.js'), 'new dashboard');
    writeFileSync(path.join(web, 'app', 'assets', 'index-Old2.js'), 'old resident');
    writeFileSync(path.join(web, 'index.html'), '<html>');

    const { retired } = retainPreviousAssets({ webDir: web, dirs: [path.join('app', 'assets')], now: 1 });
    expect(retired).toEqual([path.join('app', 'assets', 'index-Old2.js')]);
    expect(existsSync(path.join(web, 'assets', 'index-New1.js'))).toBe(true);
    expect(existsSync(path.join(root, 'web-retained', 'app', 'assets', 'index-Old2.js'))).toBe(true);
    // Never the page or anything outside the hashed folders.
    expect(existsSync(path.join(web, 'index.html'))).toBe(true);
    expect(existsSync(path.join(root, 'web-retained', 'index.html'))).toBe(false);
  });
});
