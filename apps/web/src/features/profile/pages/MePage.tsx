import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function MePage() {
  const { t } = useTranslation();
  return <ComingSoon area={t('nav.me')} />;
}
