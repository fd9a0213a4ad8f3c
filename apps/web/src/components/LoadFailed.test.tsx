import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n.ts';
import { LoadFailed } from './LoadFailed.tsx';

describe('LoadFailed', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces('ledger');
  });
  afterEach(cleanup);

  it('says the list did not load and tries again on its button', () => {
    const onRetry = vi.fn();
    render(
      <MantineProvider>
        <LoadFailed onRetry={onRetry} />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load this list.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
