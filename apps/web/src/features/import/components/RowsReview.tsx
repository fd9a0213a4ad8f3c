import type { ImportRow, ImportRowStatus, ImportSummary } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';
import {
  Badge,
  Box,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCategories } from '../../../lib/queries/categories.ts';
import { useRules } from '../../../lib/queries/rules.ts';
import { offerRule } from '../../../lib/rule-offer.tsx';
import { toastError } from '../../../lib/toasts.ts';
import { ROWS_PER_PAGE, useImportRows, useUpdateImportRow } from '../api/import-rows.ts';
import { STATUS_COLORS } from './DetectedCard.tsx';
import classes from './import.module.css';

type Filter = ImportRowStatus | 'all';
const NONE = 'none';

/**
 * Step 3: every row, a page at a time (50), filtered by status; each with its status and why, its category
 * and whether it is imported. Choices are saved as they are made (PUT /import/{id}/rows/{line}).
 */
export function RowsReview({ summary, readOnly }: { summary: ImportSummary; readOnly: boolean }) {
  const { t } = useTranslation('import');
  const [filter, setFilter] = useState<Filter>('all');
  // Five choices do not fit side by side on a phone: stacked there.
  const narrow = useMediaQuery('(max-width: 48em)');
  const [page, setPage] = useState(1);
  const rows = useImportRows(summary.id, { page, status: filter === 'all' ? undefined : filter });
  const total = rows.data?.meta.total ?? 0;
  const counts = summary.counts;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('filter.label')}
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('filter.all', { count: counts.rows }) },
          ...(['new', 'duplicate', 'probable', 'skipped'] as const).map((s) => ({
            value: s,
            label: `${t(`status.${s}`)} (${counts[s]})`,
          })),
        ]}
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
        data-testid="import-filter"
      />
      <Stack
        gap={6}
        component="ul"
        p={0}
        m={0}
        aria-label={t('rows.label', { name: summary.file_name })}
        style={{ listStyle: 'none' }}
      >
        {rows.isPending
          ? [0, 1, 2].map((i) => <Skeleton key={i} h={56} radius="md" />)
          : (rows.data?.data ?? []).map((row) => (
              <RowItem
                key={row.line}
                importId={summary.id}
                row={row}
                readOnly={readOnly}
                card={summary.card_id !== null}
              />
            ))}
      </Stack>
      {!rows.isPending && total === 0 ? <Text c="dimmed">{t('rows.empty')}</Text> : null}
      {total > ROWS_PER_PAGE ? (
        <Pagination
          total={Math.ceil(total / ROWS_PER_PAGE)}
          value={page}
          onChange={setPage}
          getControlProps={() => ({ 'aria-label': t('rows.page') })}
          data-testid="import-pages"
        />
      ) : null}
    </Stack>
  );
}

function RowItem({
  importId,
  row,
  readOnly,
  card,
}: {
  importId: number;
  row: ImportRow;
  readOnly: boolean;
  card: boolean;
}) {
  const { t } = useTranslation(['import', 'ledger']);
  const categories = useCategories().data?.data ?? [];
  const rule = useRules(row.rule_id !== null).data?.data.find((r) => r.id === row.rule_id);
  const update = useUpdateImportRow(importId);
  const categorisable = row.operation_id === OPERATIONS.income || row.operation_id === OPERATIONS.expense;
  const types =
    row.operation_id === OPERATIONS.expense ? ['expense'] : card ? ['income', 'expense'] : ['income'];
  const choices = categories.filter((c) => types.includes(c.type) && (!c.hidden || c.id === row.category_id));
  const save = (body: Parameters<typeof update.mutate>[0]['body']) =>
    update.mutate(
      { id: importId, line: row.line, body },
      { onError: (error) => toastError(errorMessage(error)) },
    );
  const note = row.note_key ? t(`notes.${row.note_key}`, row.note_params ?? {}) : null;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="import-row"
      data-status={row.status}
      data-line={row.line}
    >
      <Box className={classes.row}>
        <Text fz="sm" c="dimmed" style={{ gridArea: 'date' }}>
          {row.date ?? t('rows.line', { line: row.line })}
        </Text>
        <Stack gap={4} miw={0} style={{ gridArea: 'desc' }}>
          <Text fw={600} truncate>
            {row.description || '—'}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge color={STATUS_COLORS[row.status]} variant="filled" autoContrast tt="none" size="sm">
              {t(`status.${row.status}`)}
            </Badge>
            {note ? (
              <Text fz="xs" c="dimmed">
                {note}
              </Text>
            ) : null}
            {rule ? (
              <Badge color="gray" variant="light" tt="none" size="sm" data-testid="import-row-rule">
                {t('ledger:rules.importRule', { name: rule.name })}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Box style={{ gridArea: 'amount' }} ta="right">
          {row.value === null ? null : <AmountText value={row.value} operation={row.operation_id} fw={600} />}
        </Box>
        <Box style={{ gridArea: 'category' }}>
          {categorisable && row.status !== 'skipped' ? (
            <Select
              aria-label={t('rows.category', { description: row.description })}
              data={[
                { value: NONE, label: t('rows.noCategory') },
                ...choices.map((c) => ({ value: String(c.id), label: c.name })),
              ]}
              value={row.category_id === null ? NONE : String(row.category_id)}
              onChange={(value) => {
                const categoryId = !value || value === NONE ? null : Number(value);
                save({ category_id: categoryId });
                // Chosen by hand: offer to remember it as a rule (DESIGN.md §9), never learned silently.
                const chosen = choices.find((c) => c.id === categoryId);
                if (chosen) {
                  offerRule({
                    description: row.description,
                    category_id: chosen.id,
                    sub_category_id: null,
                    categoryLabel: chosen.name,
                  });
                }
              }}
              disabled={readOnly}
              searchable
              size="xs"
              allowDeselect={false}
            />
          ) : (
            <Text fz="xs" c="dimmed">
              {row.operation_id === OPERATIONS.transfer ? t('rows.payment') : ''}
            </Text>
          )}
        </Box>
        <Box style={{ gridArea: 'include' }} ta="right">
          <Switch
            aria-label={t('rows.include', {
              description: row.description || t('rows.line', { line: row.line }),
            })}
            checked={row.include}
            disabled={readOnly || row.status === 'skipped'}
            onChange={(event) => save({ include: event.currentTarget.checked })}
            data-testid="import-include"
          />
        </Box>
      </Box>
    </Paper>
  );
}
