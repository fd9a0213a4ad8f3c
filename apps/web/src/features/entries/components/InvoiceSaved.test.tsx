import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../../../lib/i18n.ts';
import { renderingInEnglish } from '../../../test/rendering.ts';
import { InvoiceSaved } from './InvoiceSaved.tsx';

/** Issue 23 #13e: a card purchase's toast names the invoice it went to and opens it. */
describe('InvoiceSaved', () => {
  renderingInEnglish(['entries']);

  it.each([
    ['br', 'pt-BR', 'Entrou na fatura de dezembro de 2026 · Nubank', 'Ver a fatura'],
    ['en', 'en-US', 'Added to the invoice of December 2026 · Nubank', 'Open the invoice'],
  ] as const)('in %s: the invoice and a link to it', async (language, locale, text, link) => {
    await changeLocale(language);
    render(
      <MantineProvider>
        <InvoiceSaved cardId={7} card="Nubank" month="2026-12" locale={locale} />
      </MantineProvider>,
    );
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/card/7?month=2026-12');
  });
});
