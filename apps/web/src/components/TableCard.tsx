import { Paper, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list page's table in a bordered card (the accounts, the access log). Below `minWidth` the table scrolls
 * sideways inside the card, so the page itself never does on a phone.
 */
export function TableCard({
  minWidth,
  children,
  ...table
}: { minWidth: number; children: ReactNode } & Omit<TableProps, 'children'>) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover {...table}>
          {children}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
