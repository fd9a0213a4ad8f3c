import type { Rule } from '@centavo/shared';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCards } from '../../../lib/queries/cards.ts';
import { useCategories } from '../../../lib/queries/categories.ts';
import { useRules } from '../../../lib/queries/rules.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useOrderRules } from '../api/rules.ts';
import { RuleCard } from '../components/RuleCard.tsx';
import { ApplyDialog, DeleteDialog, PreviewDialog } from '../components/RuleDialogs.tsx';
import { RuleFormModal } from '../components/RuleFormModal.tsx';

type DialogKind = 'form' | 'preview' | 'apply' | 'delete';
/** Which rule a dialog is about; kept while it closes, so its text does not change during the transition. */
interface Dialog {
  kind: DialogKind | null;
  rule: Rule | null;
}

/**
 * /configs/rules (DESIGN.md §9): the user's rules in the order they run, each with how often it matched;
 * create, edit, reorder, test against existing entries, apply to the uncategorised ones, delete.
 */
export function RulesPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const rules = useRules();
  const order = useOrderRules();
  const categories = useCategories().data?.data ?? [];
  const accounts = useAccounts({ includeArchived: true }).data?.data ?? [];
  const cards = useCards().data?.data ?? [];
  const { format } = useMoneyFormat();
  const [dialog, setDialog] = useState<Dialog>({ kind: null, rule: null });
  const open = (kind: DialogKind, rule: Rule | null) => setDialog({ kind, rule });
  const close = () => setDialog((d) => ({ ...d, kind: null }));
  const list = rules.data?.data ?? [];
  const names = {
    categories,
    accounts: new Map(accounts.map((a) => [a.id, a.name])),
    cards: new Map(cards.map((c) => [c.id, c.name])),
    money: format,
  };

  function move(index: number, by: -1 | 1) {
    const ids = list.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    order.mutate(ids, { onError: (error) => toastError(errorMessage(error)) });
  }

  return (
    <Stack maw={860} gap="lg">
      <PageHeader title={t('rules.title')} subtitle={t('rules.subtitle')} />
      <Group>
        <Button
          autoContrast
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => open('form', null)}
        >
          {t('rules.add')}
        </Button>
      </Group>
      {rules.isError ? (
        <LoadFailed onRetry={() => rules.refetch()} />
      ) : rules.isPending ? (
        <Skeleton h={240} radius="lg" />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<IconWand size={28} stroke={1.5} />}
          title={t('rules.empty.title')}
          body={t('rules.empty.body')}
          action={t('rules.empty.cta')}
          onAction={() => open('form', null)}
          testId="rules-empty"
        />
      ) : (
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {t('rules.order')}
          </Text>
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('rules.list')}
          >
            {list.map((rule, i) => (
              <RuleCard
                key={rule.id}
                rule={rule}
                names={names}
                first={i === 0}
                last={i === list.length - 1}
                onMove={(by) => move(i, by)}
                onEdit={() => open('form', rule)}
                onTest={() => open('preview', rule)}
                onApply={() => open('apply', rule)}
                onDelete={() => open('delete', rule)}
              />
            ))}
          </Stack>
        </Stack>
      )}
      <RuleFormModal opened={dialog.kind === 'form'} rule={dialog.rule} onClose={close} />
      <PreviewDialog opened={dialog.kind === 'preview'} rule={dialog.rule} onClose={close} />
      <ApplyDialog opened={dialog.kind === 'apply'} rule={dialog.rule} onClose={close} />
      <DeleteDialog opened={dialog.kind === 'delete'} rule={dialog.rule} onClose={close} />
    </Stack>
  );
}
