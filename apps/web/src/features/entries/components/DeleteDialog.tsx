import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Confirmation before deleting a single entry (series entries go through the scope dialog). */
export function DeleteDialog({
  opened,
  description,
  onConfirm,
  onClose,
  busy,
}: {
  opened: boolean;
  description: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('entries');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('delete.title')}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      centered
      radius="lg"
      zIndex={320}
    >
      <Text>{t('delete.text', { description })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('delete.cancel')}
        </Button>
        <Button
          variant="filled"
          color="red.8"
          onClick={onConfirm}
          loading={busy}
          data-testid="delete-confirm"
        >
          {t('delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
