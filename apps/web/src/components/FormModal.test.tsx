import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { ConfirmModal } from './FormModal.tsx';

describe('ConfirmModal', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(cleanup);

  function renderConfirm(props: { onConfirm: () => void; onClose: () => void }) {
    render(
      <MantineProvider>
        <ConfirmModal opened title="Delete “Travel”?" confirmLabel="Delete" danger pending={false} {...props}>
          <p>Its entries stay.</p>
        </ConfirmModal>
      </MantineProvider>,
    );
  }

  it('starts on cancel, confirms with its button and cancels without confirming', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderConfirm({ onConfirm, onClose });
    expect(screen.getByText('Its entries stay.')).toBeTruthy();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel.hasAttribute('data-autofocus')).toBe(true);
    fireEvent.click(cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
