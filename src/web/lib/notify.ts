/**
 * Toasts. The auto-close time (3 s, spec section 9) and the default top-right position are set
 * once on <Notifications>; callers override the position only where the spec says so (the sign-in
 * failure toast is top-left, spec section 8).
 *
 * One toast per message: showing a message that is already on screen restarts its timer instead
 * of stacking a copy (two 'Successfully updated!' in a row would otherwise pile up).
 */
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants';
import { errorMessage } from './api-error';

type NotificationPosition = NonNullable<NotificationData['position']>;

let restart = 0;

function show(message: string, color: string, position?: NotificationPosition): void {
  const id = `toast:${position ?? 'default'}:${message}`;
  const { notifications: shown, queue } = notificationsStore.getState();
  if ([...shown, ...queue].some((n) => n.id === id)) {
    // Mantine restarts a toast's timer when its autoClose value changes: alternate by 1 ms.
    restart ^= 1;
    notifications.update({ id, message, color, autoClose: TOAST_AUTO_CLOSE_MS + restart });
    return;
  }
  notifications.show({ id, message, color, position, autoClose: TOAST_AUTO_CLOSE_MS, closeButtonProps: { 'aria-label': 'Close' } });
}

export function notifySuccess(message: string): void {
  show(message, 'teal');
}

export function notifyError(message: string, position?: NotificationPosition): void {
  show(message, 'red', position);
}

/**
 * A mutation's callbacks for the usual outcome: on success the toast `success`, then `then` with
 * the answer; on failure the error's message as a toast.
 */
export function notifyOutcome<TData>(success: string, then?: (data: TData) => void) {
  return {
    onSuccess: (data: TData) => {
      notifySuccess(success);
      then?.(data);
    },
    onError: (error: unknown) => notifyError(errorMessage(error)),
  };
}
