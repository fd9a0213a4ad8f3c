import type { UserInformation } from '@centavo/shared';
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Section } from '../../../components/Section.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/locale.ts';
import { navigate } from '../../../lib/navigation.ts';
import { formatPrice } from '../../../lib/pricing.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useBillingInformation, useConfirmCheckout, usePortal, useRefund } from '../api/billing.ts';

/** Colours whose light badges keep WCAG AA contrast in both themes (axe runs on this page). */
const STATUS_COLORS: Record<string, string> = {
  active: 'centavo',
  trialing: 'centavo',
  past_due: 'yellow',
};

/** A trial that already has a paid plan behind it (Checkout kept the trial days) is shown as active. */
function shownStatus(info: UserInformation): string {
  if (info.status === 'trialing' && info.plan !== null) return 'active';
  return info.status ?? 'none';
}

/** The success URL's confirmation: runs once, then drops session_id from the address. */
function useCheckoutConfirmation() {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const confirm = useConfirmCheckout();
  const started = useRef(false);
  const [state, setState] = useState<'idle' | 'confirming' | 'confirmed' | 'pending'>('idle');
  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    setState('confirming');
    confirm.mutate(sessionId, {
      onSuccess: (answer) => {
        setState(answer.confirmed ? 'confirmed' : 'pending');
        setParams({}, { replace: true });
        if (answer.thank_you_url) navigate(answer.thank_you_url, { external: true });
      },
      onError: (error) => {
        setState('idle');
        setParams({}, { replace: true });
        toastError(errorMessage(error));
      },
    });
  }, [sessionId, confirm, setParams]);
  return state;
}

function Summary({ info, locale }: { info: UserInformation; locale: string }) {
  const { t } = useTranslation('billing');
  const portal = usePortal();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  const status = shownStatus(info);
  const trialOnly = info.status === 'trialing' && info.plan === null;
  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => navigate(url, { external: true }),
      onError: (error) => toastError(errorMessage(error)),
    });
  const rows: Array<[string, string]> = [];
  if (trialOnly && info.trial_end) rows.push([t('plan.trialEnds'), date.format(new Date(info.trial_end))]);
  const nextCharge = info.status === 'trialing' ? info.trial_end : info.current_period_end;
  if (!trialOnly && nextCharge && !info.cancel_at_period_end && info.access === 'full') {
    rows.push([t('plan.nextCharge'), date.format(new Date(nextCharge))]);
  }
  return (
    <Section id="plan-summary" title={t('plan.subscription')}>
      <Stack gap="md">
        <Group gap="xl" wrap="wrap">
          <Stack gap={2}>
            <Text c="dimmed" fz="sm">
              {t('plan.planLabel')}
            </Text>
            <Text fw={600} data-testid="plan-name">
              {info.plan ? t(`plan.${info.plan}`) : t('plan.noPlan')}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text c="dimmed" fz="sm">
              {t('plan.statusLabel')}
            </Text>
            <Badge
              color={STATUS_COLORS[status] ?? 'yellow'}
              variant="light"
              size="lg"
              data-testid="plan-status"
            >
              {t(`plan.status.${status}`, { defaultValue: status })}
            </Badge>
          </Stack>
          {rows.map(([label, value]) => (
            <Stack gap={2} key={label}>
              <Text c="dimmed" fz="sm">
                {label}
              </Text>
              <Text fw={600}>{value}</Text>
            </Stack>
          ))}
        </Group>
        {info.cancel_at_period_end && info.current_period_end ? (
          <Alert color="orange" variant="light" data-testid="cancel-notice">
            {t('plan.cancelNotice', { date: date.format(new Date(info.current_period_end)) })}
          </Alert>
        ) : null}
        {info.access === 'read_only' ? (
          <Alert color="orange" variant="light">
            {t('plan.readOnlyNotice')}
          </Alert>
        ) : null}
        <Text c="dimmed" fz="sm">
          {t('plan.manageHint')}
        </Text>
        <Group gap="sm">
          {info.plan === null || info.access === 'read_only' ? (
            <Button component={Link} to={paths.configs.upgrade} data-testid="choose-plan">
              {t('plan.subscribe')}
            </Button>
          ) : null}
          <Button
            variant="light"
            onClick={openPortal}
            loading={portal.isPending}
            data-testid="manage-billing"
          >
            {t('plan.manage')}
          </Button>
          {info.plan !== null && info.access === 'full' ? (
            <Button variant="subtle" onClick={openPortal} loading={portal.isPending}>
              {t('plan.changePlan')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Section>
  );
}

function Invoices({ info, locale }: { info: UserInformation; locale: string }) {
  const { t } = useTranslation('billing');
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <Section id="plan-invoices" title={t('plan.invoices')}>
      {info.invoices.length === 0 ? (
        <Text c="dimmed">{t('plan.noInvoices')}</Text>
      ) : (
        // A list, not a table: number, date, amount and status stay readable at 320 px without scrolling.
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {info.invoices.map((invoice, index) => (
            <Group
              key={`${invoice.number}-${invoice.created}`}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              data-testid="invoice-row"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Stack gap={0} miw={0}>
                {invoice.hosted_invoice_url ? (
                  <Anchor
                    href={invoice.hosted_invoice_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    fw={600}
                    aria-label={t('plan.invoiceOpen', { number: invoice.number ?? '' })}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {invoice.number ?? '—'}
                  </Anchor>
                ) : (
                  <Text fw={600}>{invoice.number ?? '—'}</Text>
                )}
                <Text c="dimmed" fz="sm">
                  <time dateTime={invoice.created}>{date.format(new Date(invoice.created))}</time>
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatPrice(invoice.amount_paid, invoice.currency, locale)}
                </Text>
                <Text c="dimmed" fz="sm">
                  {t(`plan.invoiceStatuses.${invoice.status ?? 'draft'}`, {
                    defaultValue: invoice.status ?? '',
                  })}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Refund({ until, locale }: { until: string; locale: string }) {
  const { t } = useTranslation('billing');
  const refund = useRefund();
  const [asking, setAsking] = useState(false);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <Section id="plan-refund" title={t('plan.refundTitle')} tone="danger">
      <Stack gap="sm">
        <Text>{t('plan.refundBody', { date: date.format(new Date(until)) })}</Text>
        {asking ? <Text fw={600}>{t('plan.refundConfirm')}</Text> : null}
        <Group>
          <Button
            color="red"
            variant={asking ? 'filled' : 'light'}
            loading={refund.isPending}
            data-testid="refund"
            onClick={() => {
              if (!asking) {
                setAsking(true);
                return;
              }
              refund.mutate(undefined, {
                onSuccess: () => toastSuccess(t('plan.refundDone')),
                onError: (error) => toastError(errorMessage(error)),
                onSettled: () => setAsking(false),
              });
            }}
          >
            {t('plan.refund')}
          </Button>
          {asking ? (
            <Button variant="subtle" onClick={() => setAsking(false)}>
              {t('common:actions.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Section>
  );
}

/** /configs/my-plan: the subscription, the portal, invoices, refund; also Checkout's and the portal's return. */
export function MyPlanPage() {
  const { t } = useTranslation('billing');
  const locale = intlLocale(useLocale());
  const confirmation = useCheckoutConfirmation();
  const info = useBillingInformation();
  const data = info.data;

  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <PageHeader title={t('plan.title')} />
      {confirmation === 'confirming' ? <Alert variant="light">{t('plan.confirming')}</Alert> : null}
      {confirmation === 'confirmed' ? (
        <Alert color="teal" variant="light" data-testid="checkout-confirmed">
          {t('plan.confirmed')}
        </Alert>
      ) : null}
      {confirmation === 'pending' ? <Alert variant="light">{t('plan.notConfirmed')}</Alert> : null}
      {info.isError ? <Alert color="red">{t('plan.loadError')}</Alert> : null}
      {info.isPending ? <Skeleton h={220} radius="lg" /> : null}
      {data && !data.billing ? (
        <Alert color="blue" variant="light" data-testid="self-hosted">
          {t('plan.selfHosted')}
        </Alert>
      ) : null}
      {data?.billing ? (
        <>
          <Summary info={data} locale={locale} />
          {data.refundable_until ? <Refund until={data.refundable_until} locale={locale} /> : null}
          <Invoices info={data} locale={locale} />
        </>
      ) : null}
    </Stack>
  );
}
