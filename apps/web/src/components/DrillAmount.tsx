import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import { type DrillDown, drillDownHref } from '../lib/drill-down.ts';
import { AmountText } from './AmountText.tsx';

/**
 * An amount that opens the entries it sums (the entries list filtered by `drill`): a report's or a widget's
 * figure. In the text colour, not income green or expense red: the column or label says what it is.
 */
export function DrillAmount({
  drill,
  value,
  ...anchor
}: { drill: DrillDown; value: number; 'aria-label'?: string; 'data-testid'?: string } & AnchorProps) {
  return (
    <Anchor component={Link} to={drillDownHref(drill)} {...anchor}>
      <AmountText value={value} colored={false} />
    </Anchor>
  );
}
