import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to '{page} · Centavo', or 'Centavo' without a page (spec §1). */
export function usePageTitle(page?: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = page ? t('common:pageTitle', { page }) : t('common:appName');
  }, [page, t]);
}
