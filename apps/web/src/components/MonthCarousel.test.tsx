import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../lib/i18n.ts';
import { renderingInEnglish } from '../test/rendering.ts';
import { MonthCarousel } from './MonthCarousel.tsx';

describe('MonthCarousel', () => {
  renderingInEnglish(['entries']);

  function renderCarousel() {
    render(
      <MantineProvider>
        <MonthCarousel value="2026-11" min="2026-01" today="2026-11" onChange={() => {}} />
      </MantineProvider>,
    );
  }

  it('names the months in the interface language', async () => {
    renderCarousel();
    expect(screen.getByTestId('month-label').textContent).toBe('November 2026');
    cleanup();
    await changeLocale('br');
    renderCarousel();
    expect(screen.getByTestId('month-label').textContent).toBe('Novembro de 2026');
    expect(screen.getByRole('button', { name: 'Mês anterior' })).toBeTruthy();
  });
});
