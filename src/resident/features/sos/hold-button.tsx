/**
 * The SOS button: it fires only when held for `durationMs` (2 s), with a pointer or with Space or
 * Enter held down, so a pocket or a stray tap cannot raise an alarm (lib/hold-press.ts has the
 * rule). A ring fills while it is held; it empties when released early.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { browserTimers, createHoldPress, type HoldPress } from '../../lib/hold-press';
import classes from './hold-button.module.css';

export interface HoldButtonProps {
  /** The accessible name (what holding it does). */
  label: string;
  /** The visible text inside the ring. */
  text: string;
  /** A hint read after the name (how to use it). */
  hint: string;
  durationMs: number;
  busy?: boolean;
  onHeld(): void;
}

const RADIUS = 46;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const HOLD_KEYS = new Set([' ', 'Enter']);

export function HoldButton({ label, text, hint, durationMs, busy = false, onHeld }: HoldButtonProps) {
  const [progress, setProgress] = useState(0);
  const hintId = useId();
  const onHeldRef = useRef(onHeld);
  const hold = useRef<HoldPress | null>(null);
  useEffect(() => {
    onHeldRef.current = onHeld;
  }, [onHeld]);
  useEffect(() => {
    const press = createHoldPress({ durationMs, timers: browserTimers, onProgress: setProgress, onComplete: () => onHeldRef.current() });
    hold.current = press;
    return () => press.dispose();
  }, [durationMs]);

  const keyDown = (event: KeyboardEvent) => {
    if (!HOLD_KEYS.has(event.key)) return;
    event.preventDefault(); // no scroll, no click
    if (!event.repeat && !busy) hold.current?.start('key');
  };
  const keyUp = (event: KeyboardEvent) => {
    if (!HOLD_KEYS.has(event.key)) return;
    event.preventDefault();
    hold.current?.release('key');
  };
  const pointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (busy || event.button !== 0) return;
    // Keep the hold while the finger moves a little off the button.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    hold.current?.start('pointer');
  };
  const pointerEnd = () => hold.current?.release('pointer');

  return (
    <div className={classes.wrap}>
      <button
        type="button"
        className={classes.button}
        aria-label={label}
        aria-describedby={hintId}
        aria-busy={busy}
        data-holding={progress > 0 || undefined}
        onKeyDown={keyDown}
        onKeyUp={keyUp}
        onBlur={() => hold.current?.release('key')}
        onPointerDown={pointerDown}
        onPointerUp={pointerEnd}
        onPointerCancel={pointerEnd}
        onLostPointerCapture={pointerEnd}
        onContextMenu={(e) => e.preventDefault()}
      >
        <svg className={classes.ring} viewBox="0 0 100 100" aria-hidden="true">
          <circle cx="50" cy="50" r={RADIUS} className={classes.track} />
          <circle
            cx="50"
            cy="50"
            r={RADIUS}
            className={classes.progress}
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
            data-testid="sos-progress"
            data-progress={progress.toFixed(2)}
          />
        </svg>
        <span className={classes.text}>{text}</span>
      </button>
      <p id={hintId} className={classes.hint}>
        {hint}
      </p>
    </div>
  );
}
