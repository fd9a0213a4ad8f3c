// Toasts' code and CSS in one lazily loaded module (lib/toasts.ts, app/providers.tsx): the first page
// does not load them, the first toast does.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

export { Notifications, notifications } from '@mantine/notifications';
