import { matchesSearch } from '@centavo/shared/text';
import type { ComboboxItem, ComboboxParsedItem, ComboboxParsedItemGroup, OptionsFilter } from '@mantine/core';

function isGroup(item: ComboboxParsedItem): item is ComboboxParsedItemGroup {
  return 'group' in item;
}

/**
 * Every searchable select's filter (the theme sets it): options whose label contains the search, ignoring
 * accents and case, so "itau" finds Itaú and "dolar" Dólar (issue 13 #9 #10). Groups keep their matches.
 */
export const foldingFilter: OptionsFilter = ({ options, search, limit }) => {
  const result: ComboboxParsedItem[] = [];
  let count = 0;
  for (const item of options) {
    if (count >= limit) break;
    if (isGroup(item)) {
      const items = item.items
        .filter((option) => matchesSearch(option.label, search))
        .slice(0, limit - count);
      if (items.length > 0) {
        result.push({ group: item.group, items });
        count += items.length;
      }
    } else if (matchesSearch((item as ComboboxItem).label, search)) {
      result.push(item);
      count += 1;
    }
  }
  return result;
};
