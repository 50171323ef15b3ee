import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSiren } from '../../src/web/features/security/alarm/alarm-sound.js';

/** An AudioContext that stays suspended until `allow()` (a browser waiting for a gesture). */
class FakeContext {
  static last: FakeContext | null = null;
  state: AudioContextState = 'suspended';
  private listeners: (() => void)[] = [];
  private pending: (() => void)[] = [];
  constructor() {
    FakeContext.last = this;
  }
  addEventListener(_type: string, fn: () => void) {
    this.listeners.push(fn);
  }
  resume() {
    return new Promise<void>((resolve) => (this.state === 'running' ? resolve() : this.pending.push(resolve)));
  }
  allow() {
    this.state = 'running';
    this.listeners.forEach((fn) => fn());
    this.pending.splice(0).forEach((fn) => fn());
  }
}

function stubBrowser(policy?: string) {
  vi.stubGlobal('window', { AudioContext: FakeContext });
  vi.stubGlobal('document', { addEventListener: () => undefined, removeEventListener: () => undefined });
  vi.stubGlobal('navigator', policy ? { getAutoplayPolicy: () => policy } : {});
}

describe("the siren's readiness before any alarm", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is none until attached, checking for a moment, then off while the browser keeps audio suspended', () => {
    stubBrowser();
    const siren = createSiren();
    expect(siren.getSnapshot().readiness).toBe('none');
    const detach = siren.attach();
    expect(siren.getSnapshot()).toMatchObject({ readiness: 'checking', context: 'suspended', state: 'stopped' });
    vi.advanceTimersByTime(1_000);
    expect(siren.getSnapshot().readiness).toBe('off');
    FakeContext.last?.allow();
    expect(siren.getSnapshot().readiness).toBe('armed');
    detach();
    expect(siren.getSnapshot().readiness).toBe('none');
  });

  it("is off at once where the browser's autoplay policy says disallowed", () => {
    stubBrowser('disallowed');
    const siren = createSiren();
    siren.attach();
    expect(siren.getSnapshot().readiness).toBe('off');
  });
});
