import type { AccountLog } from '@centavo/shared';
import { Alert, Badge, Center, Group, Pagination, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { TableCard } from '../../../components/TableCard.tsx';
import { wrappingBadge } from '../../../components/wrapping-button.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/locale.ts';
import { useAccountLogs } from '../api/get-account-logs.ts';

/** Server-side pages of 50 rows: the DOM stays small however long the history grows. */
const PER_PAGE = 50;

const EVENT_COLORS: Partial<Record<AccountLog['event'], string>> = {
  login_failed: 'red',
  mfa_failed: 'red',
  identity_link_refused: 'red',
  mfa_disabled: 'orange',
  identity_unlinked: 'orange',
  passkey_removed: 'orange',
  mfa_enabled: 'centavo',
  password_changed: 'orange',
  password_reset: 'orange',
  password_reset_requested: 'orange',
  register: 'centavo',
  email_verified: 'centavo',
};

/** "Chrome on Linux" from a user agent: enough to recognise a device, without a parser library. */
export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? userAgent.slice(0, 40);
}

export function LogsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const [page, setPage] = useState(1);
  const logs = useAccountLogs(page, PER_PAGE);
  const dateFormat = new Intl.DateTimeFormat(intlLocale(currentLocale()), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const total = logs.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <Stack maw={1100} gap="lg">
      <PageHeader title={t('logs.title')} subtitle={t('logs.subtitle')} />
      {logs.isError ? (
        <Alert color="red" role="alert">
          {t('common:errors.loadFailed')}
        </Alert>
      ) : logs.isPending ? (
        <Skeleton h={320} radius="lg" />
      ) : logs.data.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            {t('logs.empty')}
          </Text>
        </Paper>
      ) : (
        <TableCard minWidth={560} striped aria-busy={logs.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('logs.when')}</Table.Th>
              <Table.Th scope="col">{t('logs.event')}</Table.Th>
              <Table.Th scope="col">{t('logs.ip')}</Table.Th>
              <Table.Th scope="col">{t('logs.device')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {logs.data.data.map((log) => (
              <Table.Tr key={log.id} data-testid="log-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={log.created_at}>{dateFormat.format(new Date(log.created_at))}</time>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={EVENT_COLORS[log.event] ?? 'gray'}
                    radius="sm"
                    tt="none"
                    styles={wrappingBadge}
                  >
                    {t(`logs.events.${log.event}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ff="monospace" fz="sm">
                  {log.ip ?? t('logs.unknown')}
                </Table.Td>
                <Table.Td fz="sm" c="dimmed">
                  {describeUserAgent(log.user_agent) ?? t('logs.unknown')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableCard>
      )}
      {pages > 1 ? (
        <Center>
          <Group gap="md">
            <Text fz="sm" c="dimmed">
              {t('common:pagination.summary', {
                from: (page - 1) * PER_PAGE + 1,
                to: Math.min(page * PER_PAGE, total),
                total,
              })}
            </Text>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              aria-label={t('common:pagination.label')}
              getControlProps={(control) =>
                control === 'previous'
                  ? { 'aria-label': t('common:actions.previous') }
                  : control === 'next'
                    ? { 'aria-label': t('common:actions.next') }
                    : {}
              }
            />
          </Group>
        </Center>
      ) : null}
    </Stack>
  );
}
