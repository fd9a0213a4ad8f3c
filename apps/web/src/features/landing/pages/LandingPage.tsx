import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function LandingPage() {
  const { t } = useTranslation();
  return <ComingSoon area={t('appName')} />;
}
