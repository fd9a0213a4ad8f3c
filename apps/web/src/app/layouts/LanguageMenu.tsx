import type { LocaleCode } from '@centavo/shared/constants';
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../features/auth/session.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { htmlLang } from '../../lib/locale.ts';
import { toastError } from '../../lib/toasts.ts';
import classes from './layouts.module.css';

export function pickLanguage(locale: LocaleCode): void {
  switchLanguage(locale).catch(() => toastError());
}

/**
 * Visitors' language switch: with two languages one button offers the other one, written in its own
 * language (no menu, so the login page's first load stays small).
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const other: LocaleCode = currentLocale() === 'br' ? 'en' : 'br';
  return (
    <Button
      variant="default"
      px="sm"
      leftSection={<IconLanguage size={16} stroke={1.6} aria-hidden="true" />}
      onClick={() => pickLanguage(other)}
      lang={htmlLang(other)}
      aria-label={`${t('language.label')}: ${t(`language.${other}`)}`}
      data-testid="language-toggle"
    >
      <span className={classes.langLabel}>{t(`language.${other}`)}</span>
    </Button>
  );
}
