import { type CategoryBudgetRow, parseMoney } from '@centavo/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconEraser, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountText } from '../../../components/AmountText.tsx';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { formatCentsForInput, MoneyInput } from '../../../components/MoneyInput.tsx';
import { drillDownHref } from '../../../lib/drill-down.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { BAND_COLOR } from './band.ts';

export interface BudgetRowActions {
  onSave: (row: CategoryBudgetRow, value: number) => Promise<unknown>;
  onErase: (row: CategoryBudgetRow) => void;
}

/** One expense category: budget (edited in place), spent (links to its entries), remaining and the bar. */
export function BudgetRow({
  row,
  month,
  actions,
}: {
  row: CategoryBudgetRow;
  month: string;
  actions: BudgetRowActions;
}) {
  const { t } = useTranslation('reports');
  const { currency, locale } = useMoneyFormat();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const budgeted = row.budget_id !== null && !row.unbudgeted && (row.percent !== null || row.budget > 0);
  const hasBudget = row.percent !== null || row.budget > 0;
  const percent = row.percent ?? 0;

  function startEdit() {
    setText(hasBudget ? formatCentsForInput(row.budget, locale, currency.digits) : '');
    setError(null);
    setEditing(true);
  }
  async function save() {
    const value = parseMoney(text, currency.digits);
    if (value === null || value < 0) {
      setError(t('budget.valueLabel', { name: row.name }));
      return;
    }
    await actions.onSave(row, value);
    setEditing(false);
  }
  const drill = drillDownHref({ month, category_id: row.category_id, basis: 'accrual' });
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid={`budget-row-${row.category_id ?? 'uncategorised'}`}
      data-band={hasBudget ? row.band : 'none'}
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          {/* Wraps at 360 px: "Moradia" and "Gastos sem orçamento" were both cut to a few letters. */}
          <Group gap="xs" wrap="wrap" miw={0} style={{ rowGap: 4 }}>
            <ColorDot color={row.color ?? 'var(--mantine-color-gray-5)'} />
            <Text fw={600} truncate maw="100%">
              {row.name}
            </Text>
            {row.unbudgeted ? (
              <Badge color="orange" variant="light" tt="none" data-testid="unbudgeted">
                {t('budget.unbudgeted')}
              </Badge>
            ) : null}
          </Group>
          {/* Expenses without a category can have no budget: categorising them moves them to a category's row. */}
          <Group gap={4} wrap="nowrap" display={row.category_id === null ? 'none' : undefined}>
            <Tooltip
              label={
                hasBudget
                  ? t('budget.editBudget', { name: row.name })
                  : t('budget.setBudget', { name: row.name })
              }
            >
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={startEdit}
                aria-label={
                  hasBudget
                    ? t('budget.editBudget', { name: row.name })
                    : t('budget.setBudget', { name: row.name })
                }
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {budgeted ? (
              <Tooltip label={t('budget.eraseBudget', { name: row.name })}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  onClick={() => actions.onErase(row)}
                  aria-label={t('budget.eraseBudget', { name: row.name })}
                >
                  <IconEraser size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
        {editing ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <MoneyInput
              label={t('budget.valueLabel', { name: row.name })}
              value={text}
              onChange={setText}
              error={error}
              data-autofocus
              autoFocus
              w={{ base: '100%', xs: 220 }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void save();
                if (event.key === 'Escape') setEditing(false);
              }}
            />
            <Button onClick={() => void save()}>{t('budget.save')}</Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('budget.cancel')}
            </Button>
          </Group>
        ) : null}
        <Group gap="lg" wrap="wrap">
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              {t('budget.budget')}
            </Text>
            {hasBudget ? (
              <AmountText value={row.budget} colored={false} fw={600} data-testid="budget-value" />
            ) : (
              <Text fz="sm" c="dimmed">
                {t('budget.noBudget')}
              </Text>
            )}
          </Stack>
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              {t('budget.spent')}
            </Text>
            <Anchor
              component={Link}
              to={drill}
              fw={600}
              title={t('common.seeEntries', { name: row.name })}
              data-testid="budget-spent"
            >
              <AmountText value={row.spent} colored={false} />
            </Anchor>
          </Stack>
          {hasBudget ? (
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                {t('budget.remaining')}
              </Text>
              <AmountText value={row.remaining} fw={600} />
            </Stack>
          ) : null}
        </Group>
        {hasBudget ? (
          <Stack gap={4}>
            <Progress
              value={Math.min(percent, 100)}
              color={BAND_COLOR[row.band]}
              size="lg"
              radius="xl"
              aria-label={`${row.name}: ${t('budget.percent', { percent })}`}
            />
            <Text fz="xs" c="dimmed">
              {t('budget.percent', { percent: percent.toLocaleString(locale) })} ·{' '}
              {t(
                row.band === 'over'
                  ? 'budget.bandOver'
                  : row.band === 'near'
                    ? 'budget.bandNear'
                    : 'budget.bandWithin',
              )}
            </Text>
          </Stack>
        ) : null}
        {row.subcategories.length > 0 ? (
          <Box>
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              px={4}
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-label={t(open ? 'budget.hideSubcategories' : 'budget.showSubcategories', {
                name: row.name,
              })}
              rightSection={
                open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
              }
            >
              {t('budget.subcategoriesShort')}
            </Button>
            <Collapse expanded={open}>
              <Stack
                gap={4}
                mt={4}
                component="ul"
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={t('budget.subcategories', { name: row.name })}
              >
                {row.subcategories.map((sub) => (
                  <Group key={sub.sub_category_id ?? 0} component="li" justify="space-between" wrap="nowrap">
                    <Text fz="sm">{sub.sub_category_id === null ? t('common.noSubcategory') : sub.name}</Text>
                    <Anchor
                      component={Link}
                      fz="sm"
                      to={drillDownHref({
                        month,
                        category_id: row.category_id,
                        sub_category_id: sub.sub_category_id,
                        basis: 'accrual',
                      })}
                    >
                      <AmountText value={sub.spent} colored={false} />
                    </Anchor>
                  </Group>
                ))}
              </Stack>
            </Collapse>
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}
