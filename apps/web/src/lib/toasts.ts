import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from '@centavo/shared/constants';
import { createElement, type ReactNode } from 'react';
import { i18n } from './i18n.ts';
import { PlanEndedMessage, planEndedText } from './plan-ended.tsx';

/**
 * Toasts of spec §9 / DESIGN §7: success 5 s, errors 2 s, texts from the catalogue. Mantine's notifications
 * load beside the first page, not in the app's entry chunk (app/providers.tsx mounts their container).
 */
function show(message: ReactNode, color: string, autoClose: number): void {
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      message,
      color,
      autoClose,
      withBorder: true,
      closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    }),
  );
}

/** A success; `message` may be an element (a card purchase's toast links to its invoice). */
export function toastSuccess(message: ReactNode = i18n.t('common:toast.success')): void {
  show(message, 'green', TOAST_DURATION_MS);
}

export function toastError(message: string = i18n.t('common:toast.error')): void {
  // The plan has ended (issue 23 #7): the message comes with the way to renew, and stays long enough to use it.
  if (message === planEndedText()) show(createElement(PlanEndedMessage), 'red', TOAST_DURATION_MS);
  else show(message, 'red', TOAST_ERROR_DURATION_MS);
}

/** A heads-up that is not an error (a budget near or over its limit after a save): yellow, shown 5 s. */
export function toastNotice(message: string): void {
  show(message, 'yellow', TOAST_DURATION_MS);
}
