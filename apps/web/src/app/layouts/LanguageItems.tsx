import { LOCALES } from '@centavo/shared/constants';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../lib/i18n.ts';
import { htmlLang } from '../../lib/locale.ts';
import { pickLanguage } from './LanguageMenu.tsx';

/** The language items of the user menu. */
export function LanguageItems() {
  const { t } = useTranslation();
  const active = currentLocale();
  return (
    <>
      <Menu.Label>{t('language.label')}</Menu.Label>
      {LOCALES.map((locale) => (
        <Menu.Item
          key={locale}
          lang={htmlLang(locale)}
          onClick={() => pickLanguage(locale)}
          rightSection={active === locale ? <IconCheck size={14} aria-hidden="true" /> : null}
          aria-current={active === locale ? 'true' : undefined}
          data-testid={`language-${locale}`}
        >
          {t(`language.${locale}`)}
        </Menu.Item>
      ))}
    </>
  );
}
