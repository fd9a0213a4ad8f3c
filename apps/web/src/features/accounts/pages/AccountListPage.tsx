import type { Account, Bank } from '@centavo/shared';
import { localMonth } from '@centavo/shared/dates';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconBuildingBank, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMonthInSentence } from '../../../lib/months.ts';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useBanks } from '../api/get-banks.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { AccountFilterFields, AccountSearchField } from '../components/AccountFilterFields.tsx';
import { AccountFormModal } from '../components/AccountFormModal.tsx';
import { type AccountActions, AccountCards, AccountTable } from '../components/AccountList.tsx';
import { DeleteAccountModal } from '../components/DeleteAccountModal.tsx';
import { MonthStepper } from '../components/MonthStepper.tsx';
import {
  type AccountFilters,
  activeFilterCount,
  EMPTY_ACCOUNT_FILTERS,
  filterAccounts,
  filtersSearch,
  readAccountFilters,
  sumAccounts,
  writeAccountFilters,
} from '../filters.ts';

/**
 * A dialog's subject stays set while it closes, so its title does not change during the closing
 * transition; `opened` alone says whether it shows.
 */
interface DialogState {
  opened: boolean;
  account: Account | null;
}
const CLOSED: DialogState = { opened: false, account: null };

function Totals({
  accounts,
  month,
  locale,
}: {
  accounts: readonly Account[];
  month: string;
  locale: string;
}) {
  const { t } = useTranslation('ledger');
  const totals = sumAccounts(accounts);
  const monthName = formatMonthInSentence(month, locale);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="account-totals">
      <Total
        id="total-balance"
        label={t('accounts.totalBalance')}
        value={totals.balance}
        hint={`${t('accounts.totalOf', { count: accounts.length })} · ${t('accounts.balanceHint')}`}
      />
      <Total
        id="total-predicted"
        label={t('accounts.predictedFull', { month: monthName })}
        value={totals.predicted}
        hint={t('accounts.predictedHint', { month: monthName })}
      />
    </SimpleGrid>
  );
}

/** One total: its label (which names the amount for screen readers), the amount large, a line on what it counts. */
function Total({ id, label, value, hint }: { id: string; label: string; value: number; hint: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text fz="sm" c="dimmed" tt="none" id={`${id}-label`}>
        {label}
      </Text>
      <AmountText
        value={value}
        component="p"
        fz={{ base: 22, sm: 26 }}
        fw={700}
        aria-describedby={`${id}-label`}
        data-testid={id}
      />
      <Text fz="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

export function AccountListPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAccountFilters(searchParams);
  const month = filters.month ?? localMonth();
  const small = useMediaQuery('(max-width: 40em)') ?? false;
  const { locale } = useMoneyFormat();
  // Archived accounts are always fetched and hidden locally: the page can then tell "no accounts yet"
  // from "only archived ones", and the archived switch answers without a round trip.
  const accounts = useAccounts({ month: filters.month ?? undefined, includeArchived: true });
  const banks = useBanks();
  const update = useUpdateAccount();
  const [editing, setEditing] = useState<DialogState>(CLOSED);
  const [deleting, setDeleting] = useState<DialogState>(CLOSED);

  const bankMap = useMemo(
    () => new Map<number, Bank>((banks.data?.data ?? []).map((bank) => [bank.id, bank])),
    [banks.data],
  );
  const all = accounts.data?.data ?? [];
  const shown = filterAccounts(all, filters, bankMap);

  function setFilters(next: AccountFilters) {
    // Replace, not push: typing in the search box must not fill the history with one entry per key.
    setSearchParams(writeAccountFilters(next), { replace: true });
  }

  function toggleArchived(account: Account) {
    update.mutate(
      { id: account.id, body: { archived: !account.archived } },
      {
        onSuccess: (saved) =>
          toastSuccess(
            t(saved.archived ? 'accounts.archivedToast' : 'accounts.unarchivedToast', { name: saved.name }),
          ),
        onError: (error) => toastError(errorMessage(error)),
      },
    );
  }

  const actions: AccountActions = {
    onEdit: (account) => setEditing({ opened: true, account }),
    onToggleArchived: toggleArchived,
    onDelete: (account) => setDeleting({ opened: true, account }),
  };
  const openCreate = () => setEditing({ opened: true, account: null });
  const predictedLabel = t('accounts.predicted');
  const filterCount = activeFilterCount(filters);
  // "No accounts at all" invites the first one; "none match" offers to clear the filters.
  const hasNone = accounts.isSuccess && all.length === 0;

  return (
    <Stack maw={1100} gap="lg">
      <PageHeader
        title={t('accounts.title')}
        subtitle={t('accounts.subtitle')}
        actions={
          hasNone ? null : (
            <Button autoContrast leftSection={<IconPlus size={18} aria-hidden />} onClick={openCreate}>
              {t('accounts.new')}
            </Button>
          )
        }
      />

      {accounts.isError ? (
        <LoadFailed onRetry={() => accounts.refetch()} />
      ) : accounts.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton h={64} radius="lg" />
          <Skeleton h={96} radius="lg" />
          <Skeleton h={220} radius="lg" />
        </Stack>
      ) : hasNone ? (
        <EmptyState
          icon={<IconBuildingBank size={28} stroke={1.5} />}
          title={t('accounts.empty.title')}
          body={t('accounts.empty.body')}
          action={t('accounts.empty.cta')}
          onAction={openCreate}
          testId="accounts-empty"
        />
      ) : (
        <>
          <Paper withBorder radius="lg" p="md" role="search" aria-label={t('accounts.filters.title')}>
            <Group justify="space-between" align="flex-end" gap="md">
              {small ? (
                <Group gap="xs" wrap="nowrap" w="100%" align="flex-end">
                  <AccountSearchField value={filters} onChange={setFilters} style={{ flex: 1 }} />
                  <Button
                    component={Link}
                    to={`${paths.accountFilterForm}${filtersSearch(filters)}`}
                    variant={filterCount > 0 ? 'light' : 'default'}
                    leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                    data-testid="open-account-filters"
                  >
                    {filterCount > 0
                      ? t('accounts.filters.openWithCount', { count: filterCount })
                      : t('accounts.filters.open')}
                  </Button>
                </Group>
              ) : (
                <AccountFilterFields value={filters} onChange={setFilters} />
              )}
              <MonthStepper
                month={month}
                locale={locale}
                onChange={(next) => setFilters({ ...filters, month: next === localMonth() ? null : next })}
              />
            </Group>
          </Paper>

          <Totals accounts={shown} month={month} locale={locale} />

          {shown.length === 0 ? (
            <EmptyState
              icon={<IconSearch size={28} stroke={1.5} />}
              title={t('accounts.noMatch.title')}
              body={t('accounts.noMatch.body')}
              action={t('accounts.noMatch.cta')}
              onAction={() => setFilters({ ...EMPTY_ACCOUNT_FILTERS, month: filters.month })}
              testId="accounts-no-match"
            />
          ) : small ? (
            <AccountCards
              accounts={shown}
              banks={bankMap}
              predictedLabel={predictedLabel}
              actions={actions}
            />
          ) : (
            <AccountTable
              accounts={shown}
              banks={bankMap}
              predictedLabel={predictedLabel}
              actions={actions}
            />
          )}
        </>
      )}

      <AccountFormModal
        opened={editing.opened}
        account={editing.account}
        banks={banks.data?.data ?? []}
        onClose={() => setEditing((state) => ({ ...state, opened: false }))}
      />
      <DeleteAccountModal
        opened={deleting.opened}
        account={deleting.account}
        onClose={() => setDeleting((state) => ({ ...state, opened: false }))}
        onArchiveInstead={toggleArchived}
      />
    </Stack>
  );
}
