import type { Rule } from '@centavo/shared';
import { Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import { ConfirmModal, FormModal } from '../../../components/FormModal.tsx';
import { errorMessage, toastOutcome } from '../../../lib/error-message.ts';
import { useApplyRule, useDeleteRule, useRulePreview } from '../api/rules.ts';

interface RuleDialogProps {
  rule: Rule | null;
  opened: boolean;
  onClose: () => void;
}

/** "Test": the existing entries the rule's conditions match, and how many of them have no category. */
export function PreviewDialog({ rule, opened, onClose }: RuleDialogProps) {
  const { t } = useTranslation(['ledger', 'common']);
  const preview = useRulePreview(
    opened && rule ? { match: rule.match, conditions: rule.conditions as never, per_page: 10 } : null,
  );
  const data = preview.data;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('rules.preview.title', { name: rule?.name ?? '' })}
      size="lg"
    >
      {preview.isPending ? (
        <Skeleton h={120} />
      ) : preview.isError ? (
        <Text c="red" role="alert">
          {errorMessage(preview.error)}
        </Text>
      ) : data ? (
        <Stack gap="sm">
          <Text data-testid="rule-preview-count">
            {t('rules.preview.count', { count: data.count, uncategorised: data.uncategorised })}
          </Text>
          {data.data.length > 0 ? (
            <Table.ScrollContainer minWidth={300}>
              <Table striped>
                <Table.Caption>{t('rules.preview.first')}</Table.Caption>
                <Table.Tbody>
                  {data.data.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>{entry.date}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.description}</Table.Td>
                      <Table.Td ta="right">
                        <AmountText value={entry.value} operation={entry.operation_id} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('rules.preview.close')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </FormModal>
  );
}

/** "Apply": confirms, then categorises the uncategorised entries the rule matches (one transaction). */
export function ApplyDialog({ rule, opened, onClose }: RuleDialogProps) {
  const { t } = useTranslation(['ledger', 'common']);
  const apply = useApplyRule();
  const name = rule?.name ?? '';
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={t('rules.applyConfirm.title', { name })}
      size="lg"
      confirmLabel={t('rules.applyConfirm.confirm')}
      confirmTestId="rule-apply-confirm"
      pending={apply.isPending}
      onConfirm={() => {
        const done = (result: { updated: number }) =>
          t('rules.applyConfirm.done', { count: result.updated, name });
        if (rule) apply.mutate(rule.id, toastOutcome(done, onClose));
      }}
    >
      <Text fz="sm">{t('rules.applyConfirm.body')}</Text>
    </ConfirmModal>
  );
}

export function DeleteDialog({ rule, opened, onClose }: RuleDialogProps) {
  const { t } = useTranslation(['ledger', 'common']);
  const remove = useDeleteRule();
  const name = rule?.name ?? '';
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={t('rules.deleteConfirm.title', { name })}
      size="lg"
      confirmLabel={t('rules.deleteConfirm.confirm')}
      danger
      pending={remove.isPending}
      onConfirm={() => {
        if (rule)
          remove.mutate(
            rule.id,
            toastOutcome(() => t('rules.deleteConfirm.done', { name }), onClose),
          );
      }}
    >
      <Text fz="sm">{t('rules.deleteConfirm.body')}</Text>
    </ConfirmModal>
  );
}
