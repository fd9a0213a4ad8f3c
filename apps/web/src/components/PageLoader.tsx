import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './Logo.tsx';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/**
 * Shown while the first screen's texts or code are still loading: index.html's splash (the Centavo mark,
 * no words: no texts yet), so nothing changes on screen until the page itself is ready.
 */
export function BootLoader() {
  return (
    <div className="boot-splash" role="status">
      <LogoMark size={48} />
    </div>
  );
}
