import type { EntryScope } from '@centavo/shared';
import { Modal, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../../components/FormModal.tsx';

/**
 * "Only this one / this and the following / all" for an entry of a series; answers the chosen scope.
 * Keyed by the caller per request, so it always opens on "only this one".
 */
export function ScopeDialog({
  opened,
  mode,
  options,
  onConfirm,
  onClose,
  busy,
}: {
  opened: boolean;
  mode: 'edit' | 'delete';
  options: EntryScope[];
  onConfirm: (scope: EntryScope) => void;
  onClose: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('entries');
  const [scope, setScope] = useState<EntryScope>('one');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'edit' ? 'scope.editTitle' : 'scope.deleteTitle')}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      centered
      radius="lg"
      zIndex={320}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(scope);
        }}
      >
        <Radio.Group
          value={scope}
          onChange={(value) => setScope(value === 'next' || value === 'all' ? value : 'one')}
          label={t(mode === 'edit' ? 'scope.text' : 'scope.deleteText')}
          name="scope"
        >
          <Stack gap="sm" mt="sm">
            {options.map((option) => (
              <Radio
                key={option}
                value={option}
                label={t(`scope.${option}`)}
                data-testid={`scope-${option}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <DialogButtons
          submitLabel={mode === 'delete' ? t('delete.confirm') : t('scope.confirm')}
          submitColor={mode === 'delete' ? 'red.8' : 'centavo.7'}
          pending={busy}
          submitTestId="scope-confirm"
          onCancel={onClose}
          cancelLabel={t('scope.cancel')}
          gap="md"
          mt="lg"
        />
      </form>
    </Modal>
  );
}
