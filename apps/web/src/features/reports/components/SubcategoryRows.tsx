import type { ExpenseReport } from '@centavo/shared';
import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountText } from '../../../components/AmountText.tsx';
import { type DrillDown, drillDownHref } from '../../../lib/drill-down.ts';
import { type ReportParams, useExpenseSubcategories } from '../../../lib/queries/figures.ts';

type Category = ExpenseReport['data'][number];
type Range = Required<Pick<DrillDown, 'start_month' | 'end_month' | 'basis'>>;

/** The rows of an opened category of the by-category report: its subcategories, each a drill-down. */
export function SubcategoryRows({
  category,
  params,
  range,
}: {
  category: Category;
  params: ReportParams;
  range: Range;
}) {
  // Expenses without a category have no subcategory either: their one row is the category's total.
  if (category.category_id === null) {
    return (
      <SubcategoryRow
        range={range}
        categoryId={null}
        sub={{ sub_category_id: null, name: '', total: category.total }}
      />
    );
  }
  return <LoadedRows categoryId={category.category_id} params={params} range={range} />;
}

function LoadedRows({
  categoryId,
  params,
  range,
}: {
  categoryId: number;
  params: ReportParams;
  range: Range;
}) {
  const subcategories = useExpenseSubcategories(params, categoryId);
  if (!subcategories.data) {
    return (
      <Table.Tr>
        <Table.Td colSpan={3}>
          <Skeleton h={20} />
        </Table.Td>
      </Table.Tr>
    );
  }
  return subcategories.data.data.map((sub) => (
    <SubcategoryRow key={sub.sub_category_id ?? 0} range={range} categoryId={categoryId} sub={sub} />
  ));
}

function SubcategoryRow({
  range,
  categoryId,
  sub,
}: {
  range: Range;
  categoryId: number | null;
  sub: { sub_category_id: number | null; name: string; total: number };
}) {
  const { t } = useTranslation('reports');
  return (
    <Table.Tr>
      <Table.Td pl="xl">
        <Text fz="sm">{sub.sub_category_id === null ? t('common.noSubcategory') : sub.name}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Anchor
          component={Link}
          fz="sm"
          to={drillDownHref({ ...range, category_id: categoryId, sub_category_id: sub.sub_category_id })}
        >
          <AmountText value={sub.total} colored={false} />
        </Anchor>
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}
