import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { MoneyInput } from './MoneyInput.tsx';

beforeAll(async () => {
  await initI18n('en');
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
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Preferences and currencies never answer: the input works with the BRL default. */
function neverAnswer() {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
}

/** The user's currency is the yen (no minor units). */
function answerYen() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body =
      path === '/api/v1/user/preferences'
        ? { language_id: 1, currency_code_id: 21, country_id: 1 }
        : { data: [{ id: 21, code: 'JPY', name: 'Yen', decimals: 0 }] };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

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
    neverAnswer();
    const seen: (number | null)[] = [];
    const input = renderInput((c) => seen.push(c));
    fireEvent.change(input, { target: { value: '1.234,56' } });
    expect(seen.at(-1)).toBe(123456);
    fireEvent.blur(input);
    // The interface is in English: en-US format.
    expect(input.value).toBe('1,234.56');
    fireEvent.change(input, { target: { value: '12,3' } });
    expect(seen.at(-1)).toBe(1230);
  });

  it('keeps text that is not an amount for the form to flag', () => {
    neverAnswer();
    const seen: (number | null)[] = [];
    const input = renderInput((c) => seen.push(c));
    fireEvent.change(input, { target: { value: '12.34.5' } });
    fireEvent.blur(input);
    expect(seen.at(-1)).toBeNull();
    expect(input.value).toBe('12.34.5');
    expect(input.getAttribute('inputmode')).toBe('decimal');
  });

  it('takes whole units in a zero-decimal currency: ¥1,234 is 1234', async () => {
    answerYen();
    const seen: (number | null)[] = [];
    const input = renderInput((c) => seen.push(c));
    await waitFor(() => expect(input.getAttribute('inputmode')).toBe('numeric'));
    expect(screen.getByText('¥')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1.234' } });
    expect(seen.at(-1)).toBe(1234);
    fireEvent.blur(input);
    expect(input.value).toBe('1,234');
    fireEvent.change(input, { target: { value: '12,50' } });
    expect(seen.at(-1)).toBeNull();
  });
});
