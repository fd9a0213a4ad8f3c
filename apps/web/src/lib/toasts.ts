import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from '@centavo/shared/constants';
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';

/**
 * Toasts of spec §9 / DESIGN §7: success 5 s, errors 2 s, texts from the catalogue. The notifications
 * package and its container load with the first toast, not with the first page.
 */
let wanted = false;
const listeners = new Set<() => void>();

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the toast container should be mounted (true from the first toast on). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => wanted,
  );
}

function show(message: string, color: string, autoClose: number): void {
  want();
  import('./notifications.ts').then(({ notifications }) => {
    notifications.show({
      message,
      color,
      autoClose,
      withBorder: true,
      closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    });
  });
}

export function toastSuccess(message: string = i18n.t('common:toast.success')): void {
  show(message, 'green', TOAST_DURATION_MS);
}

export function toastError(message: string = i18n.t('common:toast.error')): void {
  show(message, 'red', TOAST_ERROR_DURATION_MS);
}
