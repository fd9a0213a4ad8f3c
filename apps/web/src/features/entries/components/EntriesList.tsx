import type { Entry } from '@centavo/shared';
import { Text, Title } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import { type DayHeaderItem, groupByDay, type ListItem } from '../lib/group-by-day.ts';
import { EntryRow, type EntryRowActions } from './EntryRow.tsx';
import classes from './entries.module.css';
import type { Lookups } from './lookups.ts';

/** Heights before measuring; rows measure themselves, so wrapped text at 320 px is fine. */
const ESTIMATE = { day: 44, entry: 64 } as const;
/** Gap under the last row of a day (part of the measured item, so offsets stay exact). */
const DAY_GAP = 14;

let firstRowsMarked = false;

function DayHeader({ item, locale, today }: { item: DayHeaderItem; locale: string; today: string }) {
  const { t } = useTranslation('entries');
  const [y = 1970, m = 1, d = 1] = item.date.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const offset = Math.round((date.getTime() - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  const relative =
    offset === 0
      ? t('list.today')
      : offset === -1
        ? t('list.yesterday')
        : offset === 1
          ? t('list.tomorrow')
          : null;
  const label = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(date);
  return (
    <div className={classes.dayHeader}>
      <Title order={2} fz="sm" fw={650} style={{ textTransform: 'capitalize' }}>
        {relative ? `${relative} · ${label}` : label}
      </Title>
      <Text component="span" fz="xs" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}>
        <span className={classes.dayTotalLabel}>{t('list.dayTotal')}</span>
        <AmountText value={item.total} showPlus fz="sm" fw={600} data-testid="day-total" />
      </Text>
    </div>
  );
}

/**
 * Entries grouped by day in a window-scrolled virtual list: only the rows near the viewport are in the
 * DOM (a few dozen of 10 000), each measured after render.
 */
export function EntriesList({
  entries,
  lookups,
  actions,
  locale,
  today,
  label,
}: {
  entries: readonly Entry[];
  lookups: Lookups;
  actions: EntryRowActions;
  locale: string;
  today: string;
  label: string;
}) {
  const items: ListItem[] = useMemo(() => groupByDay(entries), [entries]);
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The list starts below the header and totals, whose height changes as they load.
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const update = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (index) => {
      const item = items[index];
      if (!item) return ESTIMATE.entry;
      return item.kind === 'day' ? ESTIMATE.day : ESTIMATE.entry + (item.lastOfDay ? DAY_GAP : 0);
    },
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 8,
    scrollMargin,
  });
  const virtualItems = virtualizer.getVirtualItems();

  // The benchmark measures from the data response to this mark (and counts [data-entry-row]).
  useEffect(() => {
    if (firstRowsMarked || virtualItems.length === 0) return;
    firstRowsMarked = true;
    performance.mark('entries:first-rows');
  }, [virtualItems.length]);

  return (
    <ul
      ref={listRef}
      aria-label={label}
      className={classes.list}
      style={{ height: virtualizer.getTotalSize() }}
      data-testid="entries-list"
    >
      {virtualItems.map((virtual) => {
        const item = items[virtual.index];
        if (!item) return null;
        return (
          <li
            key={virtual.key}
            data-index={virtual.index}
            ref={virtualizer.measureElement}
            className={classes.row}
            style={{
              transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)`,
              paddingBottom: item.kind === 'entry' && item.lastOfDay ? DAY_GAP : 0,
            }}
            {...(item.kind === 'entry' ? { 'data-entry-row': '', 'data-entry-id': item.entry.id } : {})}
          >
            {item.kind === 'day' ? (
              <DayHeader item={item} locale={locale} today={today} />
            ) : (
              <EntryRow entry={item.entry} lookups={lookups} actions={actions} last={item.lastOfDay} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
