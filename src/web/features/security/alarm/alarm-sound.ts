/**
 * The alarm siren, made with the Web Audio API (no sound files): a sawtooth oscillator whose
 * pitch is swept between ~650 and ~1250 Hz by a 1.25 Hz triangle oscillator (a "wail"), softened
 * by a low-pass filter. It loops on the audio thread for as long as it is wanted — no timers.
 *
 * Browsers let a page make sound only after the user has interacted with it (autoplay policy).
 * The AudioContext is created and resumed as soon as the alarm center mounts ("unlocked on load",
 * spec section 1: this works after signing in, which is a click) and again on every click, tap or
 * key press anywhere in the document — every gesture that can grant a page the right to play is
 * one of those, so a context still suspended when an alarm arrives cannot be resumed without one.
 * The state is then 'blocked' and the UI shows "Sound blocked — click to enable".
 *
 * The state is derived from the real AudioContext state and whether the oscillators are running,
 * so tests (and the hidden status element) observe what the browser is actually doing.
 */

/** playing: oscillators running in a running context; blocked: wanted but the browser refuses. */
export type SirenState = 'playing' | 'stopped' | 'blocked' | 'unavailable';

export interface SirenSnapshot {
  state: SirenState;
  /** The AudioContext's own state ('none' before one exists or where Web Audio is missing). */
  context: AudioContextState | 'none';
}

interface SirenNodes {
  tone: OscillatorNode;
  sweep: OscillatorNode;
  volume: GainNode;
}

const BASE_HZ = 950;
const SWEEP_HZ = 300;
const SWEEP_RATE_HZ = 1.25;
const VOLUME = 0.18;
const FADE_S = 0.04;
const UNLOCK_EVENTS = ['pointerdown', 'click', 'keydown', 'touchend'] as const;

export interface Siren {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SirenSnapshot;
  /** Ring (true) or stop (false). */
  setWanted(wanted: boolean): void;
  /** Try to start audio (must run inside a user gesture to succeed where the browser blocks it). */
  unlock(): void;
  /** Installs the document-level unlock listeners and unlocks once; returns the detach function. */
  attach(): () => void;
}

export function createSiren(): Siren {
  let context: AudioContext | null = null;
  let unavailable = false;
  let nodes: SirenNodes | null = null;
  let wanted = false;
  let snapshot: SirenSnapshot = { state: 'stopped', context: 'none' };
  const listeners = new Set<() => void>();

  function getContext(): AudioContext | null {
    if (context || unavailable) return context;
    const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
    if (!Ctor) {
      unavailable = true;
      return null;
    }
    try {
      context = new Ctor({ latencyHint: 'interactive' });
      context.addEventListener('statechange', refresh);
    } catch {
      unavailable = true;
    }
    return context;
  }

  function start(ctx: AudioContext): void {
    const volume = ctx.createGain();
    volume.gain.setValueAtTime(0, ctx.currentTime);
    volume.gain.linearRampToValueAtTime(VOLUME, ctx.currentTime + FADE_S);
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = 2400;
    const tone = ctx.createOscillator();
    tone.type = 'sawtooth';
    tone.frequency.value = BASE_HZ;
    const sweep = ctx.createOscillator();
    sweep.type = 'triangle';
    sweep.frequency.value = SWEEP_RATE_HZ;
    const depth = ctx.createGain();
    depth.gain.value = SWEEP_HZ;
    sweep.connect(depth).connect(tone.frequency);
    tone.connect(filter).connect(volume).connect(ctx.destination);
    tone.start();
    sweep.start();
    nodes = { tone, sweep, volume };
  }

  function stop(ctx: AudioContext | null): void {
    if (!nodes) return;
    const { tone, sweep, volume } = nodes;
    nodes = null;
    try {
      const end = ctx && ctx.state === 'running' ? ctx.currentTime + FADE_S : 0;
      if (ctx) volume.gain.setTargetAtTime(0, ctx.currentTime, FADE_S / 3);
      tone.stop(end);
      sweep.stop(end);
    } catch {
      // already stopped
    }
    tone.onended = () => volume.disconnect();
  }

  function compute(): SirenSnapshot {
    const contextState = context ? context.state : 'none';
    if (!wanted) return { state: 'stopped', context: contextState };
    if (!context) return { state: unavailable ? 'unavailable' : 'blocked', context: contextState };
    return { state: nodes && context.state === 'running' ? 'playing' : 'blocked', context: contextState };
  }

  function refresh(): void {
    const ctx = context;
    if (wanted && ctx && ctx.state === 'running' && !nodes) start(ctx);
    if (!wanted && nodes) stop(ctx);
    if (ctx && ctx.state === 'closed' && nodes) stop(ctx);
    const next = compute();
    if (next.state !== snapshot.state || next.context !== snapshot.context) {
      snapshot = next;
      for (const listener of listeners) listener();
    }
  }

  function unlock(): void {
    const ctx = getContext();
    if (ctx && ctx.state !== 'running' && ctx.state !== 'closed') {
      // Without a user gesture the browser leaves the promise pending or rejects it: either way
      // the state stays 'suspended' and the "Sound blocked" hint stays up.
      ctx.resume().then(refresh, refresh);
    }
    refresh();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    setWanted(next) {
      if (next === wanted) return;
      wanted = next;
      refresh();
    },
    unlock,
    attach() {
      const onGesture = () => unlock();
      for (const type of UNLOCK_EVENTS) document.addEventListener(type, onGesture, { capture: true, passive: true });
      unlock();
      return () => {
        for (const type of UNLOCK_EVENTS) document.removeEventListener(type, onGesture, { capture: true });
        wanted = false;
        refresh();
      };
    },
  };
}
