import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from '@centavo/shared/constants';
import { notifications } from '@mantine/notifications';
import { i18n } from './i18n.ts';

/** Toasts of spec §9 / DESIGN §7: success 5 s, errors 2 s; texts come from the catalogue. */
export function toastSuccess(message: string = i18n.t('common:toast.success')): void {
  notifications.show({ message, color: 'green', autoClose: TOAST_DURATION_MS, withBorder: true });
}

export function toastError(message: string = i18n.t('common:toast.error')): void {
  notifications.show({ message, color: 'red', autoClose: TOAST_ERROR_DURATION_MS, withBorder: true });
}
