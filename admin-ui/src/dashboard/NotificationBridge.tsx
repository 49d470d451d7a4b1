import { useEffect, useRef } from 'react';
import {
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationType,
} from 'react-admin';
import { closeNotification, notify, type NotificationKind } from '../common/notifications';

/** react-admin's "info" (saved, deleted…) reports an operation done: the seed's success. */
const KINDS: Record<NotificationType, NotificationKind> = {
  success: 'success',
  info: 'success',
  warning: 'warning',
  error: 'error',
};

/**
 * Replaces react-admin's snackbar: every `useNotify()` call lands in the app's own toasts, the
 * same ones the public pages show (seed §4/§8).
 */
export const NotificationBridge = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  /** The « Le formulaire n’est pas valide. » shown, if any. */
  const invalidForm = useRef<number | null>(null);

  useEffect(() => {
    // One per run: takeNotification reads the list of this render, the next run gets the rest.
    const next = notifications.length > 0 ? takeNotification() : undefined;
    if (!next) return;
    const { message, type, notificationOptions = {} } = next;
    const { messageArgs, autoHideDuration, undoable } = notificationOptions;
    const text =
      typeof message === 'string'
        ? translate(message, { _: message, ...(messageArgs as object) })
        : message;
    // « Le formulaire n’est pas valide. » points at the fields marked in red beside it: a warning
    // that hides itself, one at a time, gone as soon as anything else is told (never left over
    // the next actions as an error would be).
    if (invalidForm.current !== null) closeNotification(invalidForm.current);
    invalidForm.current = null;
    const invalid = message === 'ra.message.invalid_form';
    const id = notify(invalid ? 'warning' : (KINDS[type] ?? 'success'), text, {
      timeout: autoHideDuration === null ? null : (autoHideDuration as number | undefined),
    });
    if (invalid) invalidForm.current = id;
    // Every screen saves pessimistically; should an undoable one slip through, it is committed.
    if (undoable) {
      const mutation = takeMutation();
      if (mutation) mutation({ isUndo: false });
      else undoableEventEmitter.emit('end', { isUndo: false });
    }
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
};
