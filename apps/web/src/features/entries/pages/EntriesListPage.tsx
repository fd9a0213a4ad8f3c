import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** Placeholder: the ledger engineer replaces this page. */
export function EntriesListPage() {
  const { t } = useTranslation();
  return <ComingSoon area={t('nav.entries')} />;
}
