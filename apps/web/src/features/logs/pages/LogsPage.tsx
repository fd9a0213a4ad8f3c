import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

export function LogsPage() {
  const { t } = useTranslation();
  return <ComingSoon area={t('nav.logs')} />;
}
