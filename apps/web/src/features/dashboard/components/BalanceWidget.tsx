import { Anchor, Skeleton, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { useAccounts } from '../../../lib/queries/accounts.ts';

/** The balance of every account and their sum (a link to the accounts). */
export function BalanceWidget() {
  const { t } = useTranslation('reports');
  const accounts = useAccounts({});
  const totalBalance = (accounts.data?.data ?? []).reduce((s, a) => s + a.balance, 0);
  return (
    <Widget id="dash-balance" title={t('dashboard.balance')}>
      {accounts.data ? (
        <Stack gap="xs">
          <Anchor component={Link} to={paths.accountList} fz={26} fw={700}>
            <AmountText value={totalBalance} data-testid="dash-total-balance" />
          </Anchor>
          <Table>
            <Table.Tbody>
              {accounts.data.data.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td ta="right">
                    <AmountText value={a.balance} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : (
        <Skeleton h={80} />
      )}
    </Widget>
  );
}
