import type { Account, Bank } from '@centavo/shared';
import { Badge, Group, Menu, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconFileImport, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { Figure } from '../../../components/Figure.tsx';
import { RowMenu } from '../../../components/MenuButton.tsx';
import { TableCard } from '../../../components/TableCard.tsx';

export interface AccountActions {
  onEdit: (account: Account) => void;
  onToggleArchived: (account: Account) => void;
  onDelete: (account: Account) => void;
}

function AccountMenu({ account, actions }: { account: Account; actions: AccountActions }) {
  const { t } = useTranslation('ledger');
  return (
    <RowMenu label={t('common.actionsFor', { name: account.name })}>
      <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.onEdit(account)}>
        {t('common.edit')}
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={paths.importPage.build({ account_id: account.id })}
        leftSection={<IconFileImport size={16} aria-hidden />}
      >
        {t('accounts.importStatement')}
      </Menu.Item>
      <Menu.Item
        leftSection={
          account.archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
        }
        onClick={() => actions.onToggleArchived(account)}
      >
        {account.archived ? t('accounts.unarchive') : t('accounts.archive')}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => actions.onDelete(account)}
      >
        {t('common.delete')}
      </Menu.Item>
    </RowMenu>
  );
}

function AccountName({ account }: { account: Account }) {
  const { t } = useTranslation('ledger');
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <ColorDot color={account.color} />
      <Text
        fw={600}
        lineClamp={2}
        style={{ overflowWrap: 'anywhere' }}
        c={account.archived ? 'dimmed' : undefined}
      >
        {account.name}
      </Text>
      {account.archived ? (
        <Badge variant="light" color="gray" size="sm" radius="sm" style={{ flex: 'none' }}>
          {t('common.archived')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** What the table (wide screens) and the cards (small ones) show the accounts with. */
interface AccountListProps {
  accounts: readonly Account[];
  banks: ReadonlyMap<number, Bank>;
  predictedLabel: string;
  actions: AccountActions;
}

/** Wide screens: one row per account, amounts right-aligned in columns. */
export function AccountTable({ accounts, banks, predictedLabel, actions }: AccountListProps) {
  const { t } = useTranslation('ledger');
  return (
    <TableCard minWidth={640}>
      <VisuallyHidden component="caption">{t('accounts.list')}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('common.name')}</Table.Th>
          <Table.Th scope="col">{t('accounts.bank')}</Table.Th>
          <Table.Th scope="col">{t('accounts.type')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('accounts.balance')}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {predictedLabel}
          </Table.Th>
          <Table.Th scope="col" w={56}>
            <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {accounts.map((account) => {
          const bank = account.bank_id === null ? undefined : banks.get(account.bank_id);
          return (
            <Table.Tr key={account.id} data-testid="account-row" data-account-id={account.id}>
              <Table.Th scope="row" fw="normal" maw={280}>
                <AccountName account={account} />
              </Table.Th>
              <Table.Td c={bank ? undefined : 'dimmed'}>{bank?.name ?? t('accounts.noBank')}</Table.Td>
              <Table.Td>{t(`accountTypes.${account.type}`)}</Table.Td>
              <Table.Td ta="right">
                <AmountText value={account.balance} fw={600} data-testid="account-balance" />
              </Table.Td>
              <Table.Td ta="right">
                <AmountText value={account.predicted_balance} data-testid="account-predicted" />
              </Table.Td>
              <Table.Td>
                <AccountMenu account={account} actions={actions} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableCard>
  );
}

/** Small screens: a card per account, the balance large, nothing to scroll sideways. */
export function AccountCards({ accounts, banks, predictedLabel, actions }: AccountListProps) {
  const { t } = useTranslation('ledger');
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('accounts.list')} style={{ listStyle: 'none' }}>
      {accounts.map((account) => {
        const bank = account.bank_id === null ? undefined : banks.get(account.bank_id);
        return (
          <Paper
            component="li"
            key={account.id}
            withBorder
            radius="lg"
            p="md"
            data-testid="account-row"
            data-account-id={account.id}
            style={{ borderLeft: `4px solid ${account.color ?? 'var(--mantine-color-default-border)'}` }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} miw={0}>
                <AccountName account={account} />
                <Text fz="sm" c="dimmed" truncate="end">
                  {bank?.name ?? t('accounts.noBank')} · {t(`accountTypes.${account.type}`)}
                </Text>
              </Stack>
              <AccountMenu account={account} actions={actions} />
            </Group>
            <Group justify="space-between" align="flex-end" mt="sm" gap="xs">
              <Figure label={t('accounts.balance')}>
                <AmountText value={account.balance} fz="lg" fw={700} data-testid="account-balance" />
              </Figure>
              <Figure label={predictedLabel} align="flex-end">
                <AmountText value={account.predicted_balance} fz="sm" data-testid="account-predicted" />
              </Figure>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
