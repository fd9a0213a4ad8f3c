import type { ImportMapping, ImportMappingBody, ImportSummary } from '@centavo/shared';
import { IMPORT_DATE_FORMATS, importMappingSchema } from '@centavo/shared/contracts/import';
import { applyMapping } from '@centavo/shared/import';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useMapImport } from '../api/map-import.ts';

interface Values {
  skip_lines: number;
  header: boolean;
  date_column: string;
  date_format: ImportMapping['date_format'];
  description_column: string;
  mode: 'single' | 'split';
  amount_column: string;
  debit_column: string;
  credit_column: string;
  id_column: string;
  decimal: ',' | '.';
  sign: ImportMapping['sign'];
}

const NONE = '';

function toMapping(v: Values): ImportMappingBody {
  const num = (text: string) => (text === NONE ? null : Number(text));
  return {
    skip_lines: v.skip_lines,
    header: v.header,
    date_column: Number(v.date_column),
    date_format: v.date_format,
    description_column: Number(v.description_column),
    amount_column: v.mode === 'single' ? num(v.amount_column) : null,
    debit_column: v.mode === 'split' ? num(v.debit_column) : null,
    credit_column: v.mode === 'split' ? num(v.credit_column) : null,
    id_column: num(v.id_column),
    decimal: v.decimal,
    sign: v.sign,
  };
}

/**
 * Step 2 for a CSV/XLSX no preset knows: which column is which (the mapping offered is the one saved for
 * this account or card, else a guess), with a live preview of the first rows read through the same
 * applyMapping the API stages them with. Saved for the account or card when applied.
 */
export function MappingStep({
  summary,
  onMapped,
}: {
  summary: ImportSummary;
  onMapped: (s: ImportSummary) => void;
}) {
  const { t } = useTranslation('import');
  const { format, currency } = useMoneyFormat();
  const map = useMapImport();
  const offered = summary.mapping;
  const str = (n: number | null | undefined) => (n == null ? NONE : String(n));
  const form = useForm<Values>({
    initialValues: {
      skip_lines: offered?.skip_lines ?? 0,
      header: offered?.header ?? true,
      date_column: str(offered?.date_column ?? 0),
      date_format: offered?.date_format ?? 'DD/MM/YYYY',
      description_column: str(offered?.description_column ?? 1),
      mode: offered?.debit_column != null ? 'split' : 'single',
      amount_column: str(offered?.amount_column ?? 2),
      debit_column: str(offered?.debit_column),
      credit_column: str(offered?.credit_column),
      id_column: str(offered?.id_column),
      decimal: offered?.decimal ?? ',',
      sign: offered?.sign ?? 'expense_negative',
    },
    validate: (values) => {
      const parsed = importMappingSchema.safeParse(toMapping(values));
      return parsed.success ? {} : { amount_column: t('mapping.amount') };
    },
  });
  const sample = summary.sample ?? [];
  const v = form.getValues();
  const headerCells = v.header ? (sample[v.skip_lines] ?? []) : [];
  const width = Math.max(0, ...sample.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => ({
    value: String(i),
    label: headerCells[i]?.trim() ? `${i + 1} · ${headerCells[i]}` : t('mapping.column', { n: i + 1 }),
  }));
  const optional = [{ value: NONE, label: t('mapping.none') }, ...columns];
  const parsed = importMappingSchema.safeParse(toMapping(v));
  const start = v.skip_lines + (v.header ? 1 : 0);
  const preview = parsed.success
    ? sample
        .slice(start, start + 5)
        .map((cells, i) => ({ line: start + i + 1, row: applyMapping(cells, parsed.data, currency.digits) }))
    : [];

  const submit = form.onSubmit((values) =>
    map.mutate(
      { id: summary.id, mapping: toMapping(values) },
      { onSuccess: onMapped, onError: (error) => toastError(errorMessage(error)) },
    ),
  );
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} data-testid="import-mapping">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('mapping.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('mapping.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <NumberInput
            label={t('mapping.skipLines')}
            min={0}
            max={100}
            {...form.getInputProps('skip_lines')}
          />
          <Switch
            mt={{ sm: 'xl' }}
            label={t('mapping.header')}
            {...form.getInputProps('header', { type: 'checkbox' })}
          />
          <Select
            label={t('mapping.date')}
            data={columns}
            allowDeselect={false}
            {...form.getInputProps('date_column')}
          />
          <Select
            label={t('mapping.dateFormat')}
            data={[...IMPORT_DATE_FORMATS]}
            allowDeselect={false}
            {...form.getInputProps('date_format')}
          />
          <Select
            label={t('mapping.description')}
            data={columns}
            allowDeselect={false}
            {...form.getInputProps('description_column')}
          />
          <Select
            label={t('mapping.identifier')}
            data={optional}
            allowDeselect={false}
            {...form.getInputProps('id_column')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="mapping-mode">
            {t('mapping.amountMode')}
          </Text>
          <SegmentedControl
            aria-labelledby="mapping-mode"
            data={[
              { value: 'single', label: t('mapping.single') },
              { value: 'split', label: t('mapping.split') },
            ]}
            {...form.getInputProps('mode')}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {v.mode === 'single' ? (
            <Select
              label={t('mapping.amount')}
              data={columns}
              allowDeselect={false}
              {...form.getInputProps('amount_column')}
            />
          ) : (
            <>
              <Select
                label={t('mapping.debit')}
                data={columns}
                allowDeselect={false}
                {...form.getInputProps('debit_column')}
              />
              <Select
                label={t('mapping.credit')}
                data={columns}
                allowDeselect={false}
                {...form.getInputProps('credit_column')}
              />
            </>
          )}
          <Select
            label={t('mapping.decimal')}
            data={[
              { value: ',', label: t('mapping.comma') },
              { value: '.', label: t('mapping.dot') },
            ]}
            allowDeselect={false}
            {...form.getInputProps('decimal')}
          />
          <Select
            label={t('mapping.sign')}
            data={[
              { value: 'expense_negative', label: t('mapping.expenseNegative') },
              { value: 'expense_positive', label: t('mapping.expensePositive') },
            ]}
            allowDeselect={false}
            {...form.getInputProps('sign')}
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          {t('mapping.preview')}
        </Title>
        <Table.ScrollContainer minWidth={300}>
          <Table data-testid="import-mapping-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mapping.date')}</Table.Th>
                <Table.Th>{t('mapping.description')}</Table.Th>
                <Table.Th ta="right">{t('mapping.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.map(({ line, row }) => (
                <Table.Tr key={line}>
                  {row.ok ? (
                    <>
                      <Table.Td>{row.date}</Table.Td>
                      <Table.Td>{row.description}</Table.Td>
                      <Table.Td ta="right">{format(row.amount)}</Table.Td>
                    </>
                  ) : (
                    <Table.Td colSpan={3} c="red.8">
                      {t(`mapping.reasons.${row.reason}`)}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button type="submit" loading={map.isPending} color="centavo.7" data-testid="import-apply-mapping">
            {t('mapping.apply')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
