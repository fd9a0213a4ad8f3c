import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function WelcomePage() {
  const { t } = useTranslation();
  return <ComingSoon area={t('appName')} />;
}
