import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function CrashMessage() {
  const { t } = useTranslation();
  return (
    <Stack maw={560} mx="auto" my="xl" px="md">
      <Alert
        color="red"
        icon={<IconAlertTriangle aria-hidden="true" />}
        title={t('errors.crashTitle')}
        role="alert"
      >
        {t('errors.crashHint')}
      </Alert>
      <Button variant="light" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Stack>
  );
}

interface State {
  error: Error | null;
}

/** Keeps a crash inside one page: the layout and navigation stay usable. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    return this.state.error ? <CrashMessage /> : this.props.children;
  }
}
