import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function FormsGallery() {
  const { t } = useTranslation();
  return <ComingSoon area={t('dev.formsTitle')} />;
}
