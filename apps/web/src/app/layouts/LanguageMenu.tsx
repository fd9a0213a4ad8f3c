import { LOCALES, type LocaleCode } from '@centavo/shared/constants';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../features/auth/session.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { toastError } from '../../lib/toasts.ts';

/** Language switch for the logged-out layout; the user menu has the same items. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('language.label')}>
          <ActionIcon variant="default" size="lg" aria-label={t('language.label')}>
            <IconLanguage size={18} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <LanguageItems onPick={(locale) => switchLanguage(locale, queryClient).catch(() => toastError())} />
      </Menu.Dropdown>
    </Menu>
  );
}

export function LanguageItems({ onPick }: { onPick: (locale: LocaleCode) => void }) {
  const { t } = useTranslation();
  const active = currentLocale();
  return (
    <>
      <Menu.Label>{t('language.label')}</Menu.Label>
      {LOCALES.map((locale) => (
        <Menu.Item
          key={locale}
          lang={locale === 'br' ? 'pt-BR' : 'en'}
          onClick={() => onPick(locale)}
          rightSection={active === locale ? <IconCheck size={14} aria-hidden="true" /> : null}
          aria-current={active === locale ? 'true' : undefined}
        >
          {t(`language.${locale}`)}
        </Menu.Item>
      ))}
    </>
  );
}
