import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n.ts';

/** Sets the document title to '{page} · Centavo', or 'Centavo' without a page (spec §1). */
export function usePageTitle(page?: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = page ? t('common:pageTitle', { page }) : t('common:appName');
  }, [page, t]);
}
