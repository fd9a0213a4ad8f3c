import { MantineProvider, PasswordInput } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { changeLocale, i18n, initI18n } from './i18n.ts';
import { formatMonthInSentence, formatMonthName, formatMonthRange } from './months.ts';

/** Issue 23 #9: words and formats a Brazilian user met. */
describe('words and formats', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['entries', 'cards']);
  });
  afterEach(async () => {
    cleanup();
    await changeLocale('en');
  });

  it('a month range reads "dez. de 2025 a nov. de 2026", not "2025-12 a 2026-11"', async () => {
    expect(formatMonthRange('2025-12', '2026-11', 'en-US', i18n.t)).toBe('Dec 2025 to Nov 2026');
    await changeLocale('br');
    expect(formatMonthRange('2025-12', '2026-11', 'pt-BR', i18n.t)).toBe('dez. de 2025 a nov. de 2026');
  });

  it('a month mid-sentence is lower case in Português ("Entra na fatura de dezembro de 2026")', async () => {
    await changeLocale('br');
    expect(i18n.t('cards:entries.invoiceHint', { month: formatMonthInSentence('2026-12', 'pt-BR') })).toBe(
      'Entra na fatura de dezembro de 2026',
    );
    expect(formatMonthName('2026-12', 'pt-BR')).toBe('dezembro');
  });

  it('the card brand "Other" has a word in each language', async () => {
    expect(i18n.t('cards:form.flagOther')).toBe('Other');
    await changeLocale('br');
    expect(i18n.t('cards:form.flagOther')).toBe('Outra');
  });

  it('the password field’s eye is labelled in the interface language', async () => {
    await changeLocale('br');
    render(
      <AppProviders>
        <PasswordInput label="Senha" />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Mostrar ou ocultar a senha' })).toBeTruthy();
    cleanup();
    render(
      <MantineProvider>
        <PasswordInput label="Senha" />
      </MantineProvider>,
    );
    // Without the app's providers Mantine's own English label is what a Portuguese reader heard.
    expect(screen.getByRole('button', { name: 'Toggle password visibility' })).toBeTruthy();
  });
});
