import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** Shown while the first screen's texts or code are still loading: no words (no texts yet), just the spinner. */
export function BootLoader() {
  return (
    <Center mih="60vh" role="status">
      <Loader />
    </Center>
  );
}
