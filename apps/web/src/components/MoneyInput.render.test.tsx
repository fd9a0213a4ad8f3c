import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MoneyInput } from './MoneyInput.tsx';

beforeAll(() => {
  // jsdom has no matchMedia; Mantine asks it for the colour scheme.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  // Preferences and currencies never answer here: the input works with the BRL default.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});

afterEach(cleanup);

function Harness({ onCents }: { onCents: (cents: number | null) => void }) {
  const [text, setText] = useState('');
  return <MoneyInput label="Amount" value={text} onChange={setText} onValueChange={onCents} />;
}

function renderInput(onCents: (cents: number | null) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <Harness onCents={onCents} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  const input = screen.getByLabelText('Amount');
  if (!(input instanceof HTMLInputElement)) throw new Error('MoneyInput should render an <input>');
  return input;
}

describe('MoneyInput', () => {
  it('reports cents as typed and rewrites the text in the locale format on blur', () => {
    const seen: (number | null)[] = [];
    const input = renderInput((c) => seen.push(c));
    fireEvent.change(input, { target: { value: '1.234,56' } });
    expect(seen.at(-1)).toBe(123456);
    fireEvent.blur(input);
    // No i18n instance in this test: the locale falls back to en-US.
    expect(input.value).toBe('1,234.56');
    fireEvent.change(input, { target: { value: '12,3' } });
    expect(seen.at(-1)).toBe(1230);
  });

  it('keeps text that is not an amount for the form to flag', () => {
    const seen: (number | null)[] = [];
    const input = renderInput((c) => seen.push(c));
    fireEvent.change(input, { target: { value: '12.34.5' } });
    fireEvent.blur(input);
    expect(seen.at(-1)).toBeNull();
    expect(input.value).toBe('12.34.5');
    expect(input.getAttribute('inputmode')).toBe('decimal');
  });
});
