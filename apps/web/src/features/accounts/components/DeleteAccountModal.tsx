import type { Account } from '@centavo/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { entriesCountOf, isAccountHasEntries, useDeleteAccount } from '../api/delete-account.ts';

/** Which question the dialog asks: the plain confirmation, or the one after the API said "it has entries". */
type Step = { kind: 'confirm' } | { kind: 'withEntries'; count: number | null };

/**
 * Deleting an account: a plain confirmation first; when the API answers 409 (the account has entries) the
 * dialog explains that the entries go too and only then retries with `delete_entries=true`. Nothing is
 * deleted without the user having read what will go (DESIGN §4).
 */
export function DeleteAccountModal({
  opened,
  account,
  onClose,
  onArchiveInstead,
}: {
  opened: boolean;
  account: Account | null;
  onClose: () => void;
  onArchiveInstead: (account: Account) => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const remove = useDeleteAccount();
  const [step, setStep] = useState<Step>({ kind: 'confirm' });

  function close() {
    onClose();
    remove.reset();
  }

  function confirm(deleteEntries: boolean) {
    if (!account) return;
    remove.mutate(
      { id: account.id, deleteEntries },
      {
        onSuccess: () => {
          toastSuccess(t('accounts.deletedToast', { name: account.name }));
          close();
        },
        onError: (error) => {
          if (!deleteEntries && isAccountHasEntries(error)) {
            setStep({ kind: 'withEntries', count: entriesCountOf(error) });
            return;
          }
          toastError(errorMessage(error));
        },
      },
    );
  }

  const name = account?.name ?? '';
  const withEntries = step.kind === 'withEntries';
  return (
    <Modal
      opened={opened}
      onClose={close}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      // The next account starts from the plain question again.
      onExitTransitionEnd={() => setStep({ kind: 'confirm' })}
      title={
        withEntries ? t('accounts.delete.withEntriesTitle', { name }) : t('accounts.delete.title', { name })
      }
      centered
    >
      {withEntries ? (
        <Stack gap="md" data-testid="delete-account-with-entries">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            <Stack gap={6}>
              <Text fz="sm" fw={600}>
                {step.count === null
                  ? t('accounts.delete.withEntriesUnknown')
                  : t('accounts.delete.withEntries', { count: step.count })}
              </Text>
              <Text fz="sm">{t('accounts.delete.withEntriesBody')}</Text>
            </Stack>
          </Alert>
          {account && !account.archived ? (
            <Text fz="sm" c="dimmed">
              {t('accounts.delete.archiveInstead')}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {t('common.cancel')}
            </Button>
            {account && !account.archived ? (
              <Button
                variant="light"
                onClick={() => {
                  onArchiveInstead(account);
                  close();
                }}
              >
                {t('accounts.archive')}
              </Button>
            ) : null}
            <Button autoContrast color="red.9" loading={remove.isPending} onClick={() => confirm(true)}>
              {t('accounts.delete.confirmWithEntries')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text fz="sm">{t('accounts.delete.body')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button autoContrast color="red.9" loading={remove.isPending} onClick={() => confirm(false)}>
              {t('accounts.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
