import { addMonths, type CategoryBudgetRow, isValidMonth, localMonth } from '@centavo/shared';
import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MonthCarousel } from '../../../components/MonthCarousel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMonthInSentence } from '../../../lib/months.ts';
import { useCategories } from '../../../lib/queries/categories.ts';
import { useBudgetList } from '../../../lib/queries/figures.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useCreateBudget, useUpdateBudget } from '../api/budgets.ts';
import { BudgetRow, type BudgetRowActions } from '../components/BudgetRow.tsx';
import { BudgetSummary } from '../components/BudgetSummary.tsx';
import { MonthActions } from '../components/MonthActions.tsx';
import { MonthLimit } from '../components/MonthLimit.tsx';

/**
 * /budget: a month's limits per expense category (DESIGN.md §4 "Budgets") and its overall limit (issue 23), by
 * purchase date.
 */
export function BudgetPage() {
  const { t } = useTranslation('reports');
  const { locale } = useMoneyFormat();
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && isValidMonth(asked) ? asked : localMonth();
  const list = useBudgetList(month);
  const categories = useCategories();
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const label = formatMonthInSentence(month, locale);

  const actions: BudgetRowActions = {
    onSave: (row: CategoryBudgetRow, value: number) => {
      const done = {
        onSuccess: () => toastSuccess(t('budget.saved')),
        onError: (error: unknown) => toastError(errorMessage(error)),
      };
      if (row.category_id === null) return Promise.resolve();
      const categoryId = row.category_id;
      return row.budget_id === null
        ? create.mutateAsync({ category_id: categoryId, month, value }).then(done.onSuccess, done.onError)
        : update
            .mutateAsync({ id: row.budget_id, body: { value, active: true } })
            .then(done.onSuccess, done.onError);
    },
    onErase: (row) => {
      if (row.budget_id === null) return;
      update.mutate(
        { id: row.budget_id, body: { value: 0, active: false } },
        { onSuccess: () => toastSuccess(t('budget.erased')), onError: (e) => toastError(errorMessage(e)) },
      );
    },
  };

  // A category the user hid (issue 13 #17) is not offered for a new budget; one that has a budget or spending
  // this month still shows, so nothing already in the figures disappears.
  const hidden = new Set((categories.data?.data ?? []).filter((c) => c.hidden).map((c) => c.id));
  const rows = (list.data?.data ?? []).filter(
    (row) => row.category_id === null || !hidden.has(row.category_id) || row.budget !== 0 || row.spent !== 0,
  );
  return (
    <Stack gap="md">
      <PageHeader
        title={t('budget.title')}
        subtitle={t('budget.subtitle')}
        actions={<MonthActions month={month} locale={locale} />}
      />
      <MonthCarousel
        value={month}
        min={addMonths(localMonth(), -120)}
        onChange={(m) => setParams({ month: m }, { replace: false })}
      />
      <Text fz="sm" c="dimmed" data-testid="basis-note">
        {t('basis.shown', { basis: t('basis.accrualLower') })}
      </Text>
      {list.isError ? (
        <Alert color="red" title={t('common.loadError')}>
          <Button variant="light" color="red" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : null}
      <Title order={2} fz="lg">
        {t('budget.summary', { month: label })}
      </Title>
      {list.data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <BudgetSummary
            summary={list.data.summary}
            month={month}
            title={t('budget.summary', { month: label })}
          />
          <MonthLimit limit={list.data.limit} month={month} monthLabel={label} />
        </SimpleGrid>
      ) : (
        <Skeleton h={120} radius="lg" />
      )}
      {list.isPending ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={110} radius="lg" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('budget.empty')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, lg: 2 }}
          spacing="sm"
          data-testid="budget-rows"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          {rows.map((row) => (
            <BudgetRow key={row.category_id ?? 0} row={row} month={month} actions={actions} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
