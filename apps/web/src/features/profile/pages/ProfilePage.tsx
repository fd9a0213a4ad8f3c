import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function ProfilePage() {
  const { t } = useTranslation();
  return <ComingSoon area={t('nav.profile')} />;
}
