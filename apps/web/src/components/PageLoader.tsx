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

/** The first paint, before i18next has its texts: no words, just the spinner. */
export function BootLoader() {
  return (
    <Center mih="60vh" role="status">
      <Loader />
    </Center>
  );
}
