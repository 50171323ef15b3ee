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
 * A reload (F5, a URL typed in) is no gesture, so the siren is checked before any alarm comes:
 * `readiness` is 'armed' once the context runs and 'off' when, a moment after attaching (or at
 * once where `navigator.getAutoplayPolicy` says 'disallowed'), it still does not; the shell then
 * shows "Alarm sound is off: click anywhere to turn it on" until a gesture resumes it.
 *
 * The state is derived from the real AudioContext state and whether the oscillators are running,
 * so tests (and the hidden status element) observe what the browser is actually doing.
 */

/** playing: oscillators running in a running context; blocked: wanted but the browser refuses. */
export type SirenState = 'playing' | 'stopped' | 'blocked' | 'unavailable';

/**
 * Whether an alarm arriving now could sound: 'none' before the alarm center attaches the siren,
 * 'checking' for a moment after (the context may still be starting), then 'armed' or 'off'.
 */
export type SirenReadiness = 'none' | 'checking' | 'armed' | 'off' | 'unavailable';

export interface SirenSnapshot {
  state: SirenState;
  readiness: SirenReadiness;
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
/** How long a new context may take to start before the siren counts as 'off'. */
const ARM_CHECK_MS = 800;
/** "Test sound" plays this long. */
export const TEST_SOUND_MS = 1000;

/** Chromium has no `getAutoplayPolicy` yet (Firefox does); typed here for where it exists. */
type AutoplayPolicyNavigator = Navigator & { getAutoplayPolicy?: (type: 'audiocontext') => string };

export interface Siren {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SirenSnapshot;
  /** Ring (true) or stop (false). */
  setWanted(wanted: boolean): void;
  /** Try to start audio (must run inside a user gesture to succeed where the browser blocks it). */
  unlock(): void;
  /** Plays {@link TEST_SOUND_MS} of the siren (call from a click: it unlocks the audio too). */
  test(): void;
  /**
   * Installs the document-level unlock listeners and unlocks once; `onGesture` also runs on each
   * of those gestures (the notification permission is asked from one). Returns the detach function.
   */
  attach(onGesture?: () => void): () => void;
}

export function createSiren(): Siren {
  let context: AudioContext | null = null;
  let unavailable = false;
  let nodes: SirenNodes | null = null;
  let wanted = false;
  let testing = 0;
  let attached = false;
  let checked = false;
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  let snapshot: SirenSnapshot = { state: 'stopped', readiness: 'none', context: 'none' };
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

  const sounding = () => wanted || testing > 0;

  function readiness(): SirenReadiness {
    if (!attached) return 'none';
    if (unavailable) return 'unavailable';
    if (context?.state === 'running') return 'armed';
    return checked ? 'off' : 'checking';
  }

  function compute(): SirenSnapshot {
    const contextState = context ? context.state : 'none';
    const ready = readiness();
    if (!sounding()) return { state: 'stopped', readiness: ready, context: contextState };
    if (!context) return { state: unavailable ? 'unavailable' : 'blocked', readiness: ready, context: contextState };
    return { state: nodes && context.state === 'running' ? 'playing' : 'blocked', readiness: ready, context: contextState };
  }

  function refresh(): void {
    const ctx = context;
    if (sounding() && ctx && ctx.state === 'running' && !nodes) start(ctx);
    if (!sounding() && nodes) stop(ctx);
    if (ctx && ctx.state === 'closed' && nodes) stop(ctx);
    const next = compute();
    if (next.state !== snapshot.state || next.readiness !== snapshot.readiness || next.context !== snapshot.context) {
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
    test() {
      const ctx = getContext();
      if (!ctx || ctx.state === 'closed') return;
      // resume() settles once the context runs (at once when it already does).
      ctx.resume().then(() => {
        testing += 1;
        refresh();
        setTimeout(() => {
          testing -= 1;
          refresh();
        }, TEST_SOUND_MS);
      }, refresh);
    },
    attach(onGesture) {
      const gesture = () => {
        unlock();
        onGesture?.();
      };
      for (const type of UNLOCK_EVENTS) document.addEventListener(type, gesture, { capture: true, passive: true });
      attached = true;
      const policy = (navigator as AutoplayPolicyNavigator).getAutoplayPolicy?.('audiocontext');
      checked = policy === 'disallowed';
      if (!checked) {
        checkTimer = setTimeout(() => {
          checked = true;
          refresh();
        }, ARM_CHECK_MS);
      }
      unlock();
      return () => {
        for (const type of UNLOCK_EVENTS) document.removeEventListener(type, gesture, { capture: true });
        clearTimeout(checkTimer);
        attached = false;
        checked = false;
        wanted = false;
        refresh();
      };
    },
  };
}
