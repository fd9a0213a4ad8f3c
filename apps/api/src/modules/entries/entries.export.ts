import type { EntryFilters } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { translate } from '../../lib/i18n.ts';
import { localeOf } from '../../lib/messages.ts';
import type { Cell, SheetColumn, SheetFile } from '../../lib/sheet-export.ts';
import { findAccounts } from '../accounts/accounts.repository.ts';
import { findCards } from '../cards/cards.repository.ts';
import { findVisibleCategories, findVisibleSubcategories } from '../categories/categories.repository.ts';
import { uncategorisedName } from '../categories/categories.service.ts';
import { findUserById } from '../identity/users.repository.ts';
import { type EntryRow, parseTagIds } from '../money-core/entry-rows.repository.ts';
import { CURRENCIES } from '../reference/reference.data.ts';
import { findTags } from '../tags/tags.repository.ts';
import { entriesCountQuery, findEntriesAfter } from './entries.repository.ts';
import { toEntryQuery } from './queries.service.ts';

/** Entries read per page while an export is written (lib/sheet-export.ts). */
export const EXPORT_PAGE = 200;

const COLUMNS: ReadonlyArray<[key: string, kind: SheetColumn['kind']]> = [
  ['date', 'date'],
  ['description', 'text'],
  ['operation', 'text'],
  ['category', 'text'],
  ['subcategory', 'text'],
  ['account', 'text'],
  ['destination', 'text'],
  ['value', 'money'],
  ['paid', 'text'],
  ['installment', 'text'],
  ['tags', 'text'],
  ['notes', 'text'],
];

/** The user's currency (code and minor-unit digits; currency ids are positions in CURRENCIES, migration 002). */
export async function userCurrency(db: Db, userId: number): Promise<{ code: string; digits: number }> {
  const user = await findUserById(db, userId);
  const currency = user ? CURRENCIES[user.currency_id - 1] : undefined;
  return { code: currency?.[0] ?? 'BRL', digits: currency?.[2] ?? 2 };
}

/** Money leaving the user's hands is negative in the file, as a spreadsheet sums it (issue 13 #11). */
function signed(operationId: number, cents: number): number {
  return operationId === 2 || operationId === 3 ? -cents : cents;
}

/**
 * The entries sheet (the entries export and the invoice export): headers and names in the user's language
 * from the catalogues, one row per entry from `pages`; what every row needs (names of accounts, cards,
 * categories, tags) is read once.
 */
async function entriesSheet(
  db: Db,
  userId: number,
  languageId: number,
  name: string,
  pages: AsyncIterable<readonly EntryRow[]>,
): Promise<SheetFile> {
  const locale = localeOf(languageId);
  const t = (key: string) => translate(locale, `api:exports.${key}`);
  const br = locale === 'br';
  const [accounts, cards, categories, subcategories, tags, currency] = await Promise.all([
    findAccounts(db, userId, true),
    findCards(db, userId, true),
    findVisibleCategories(db, userId),
    findVisibleSubcategories(db, userId),
    findTags(db, userId),
    userCurrency(db, userId),
  ]);
  const named = (row: { name: string; name_br?: string | null }) =>
    br && row.name_br ? row.name_br : row.name;
  const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
  const cardNames = new Map(cards.map((c) => [c.id, c.name]));
  const categoryNames = new Map(categories.map((c) => [c.id, named(c)]));
  const subcategoryNames = new Map(subcategories.map((s) => [s.id, named(s)]));
  const tagNames = new Map(tags.map((x) => [x.id, x.name]));
  const uncategorised = uncategorisedName(languageId);
  const operations = [1, 2, 3, 4].map((id) => t(`operations.${id}`));
  const [yes, no] = [t('yes'), t('no')];
  // A card purchase's "account" is its card; an invoice payment goes from its account to the card (issue 23 #1).
  const row = (e: EntryRow): Cell[] => [
    e.date,
    e.description,
    operations[e.operation_id - 1] ?? '',
    e.category_id ? (categoryNames.get(e.category_id) ?? '') : uncategorised,
    e.sub_category_id ? (subcategoryNames.get(e.sub_category_id) ?? '') : '',
    (e.account_id ? accountNames.get(e.account_id) : e.card_id ? cardNames.get(e.card_id) : '') ?? '',
    (e.destination_account_id
      ? accountNames.get(e.destination_account_id)
      : e.invoice_id !== null && e.card_id
        ? cardNames.get(e.card_id)
        : '') ?? '',
    signed(e.operation_id, e.value),
    e.paid === 1 ? yes : no,
    e.installment_number !== null && e.installment_count !== null
      ? `${e.installment_number}/${e.installment_count}`
      : '',
    parseTagIds(e.tag_ids)
      .map((id) => tagNames.get(id) ?? '')
      .join(', '),
    e.notes ?? '',
  ];
  async function* cells(): AsyncIterable<Cell[][]> {
    for await (const page of pages) yield page.map(row);
  }
  return {
    name,
    sheet: t('entries.sheet'),
    locale,
    columns: COLUMNS.map(([key, kind]) => ({ header: t(`entries.columns.${key}`), kind })),
    digits: currency.digits,
    currency: currency.code,
    pages: cells(),
  };
}

/** GET /entry/export: the user's entries matching the filters, read a page at a time; and how many there are. */
export async function entriesExport(
  db: Db,
  userId: number,
  languageId: number,
  filters: EntryFilters,
  name: string,
): Promise<{ file: SheetFile; rows: number }> {
  const query = await toEntryQuery(db, userId, filters);
  const { total } = await entriesCountQuery(db, userId, query).executeTakeFirstOrThrow();
  async function* pages(): AsyncIterable<EntryRow[]> {
    let after: EntryRow | undefined;
    for (;;) {
      const page = await findEntriesAfter(db, userId, query, after, EXPORT_PAGE);
      if (page.length > 0) yield page;
      if (page.length < EXPORT_PAGE) return;
      after = page.at(-1);
    }
  }
  return { file: await entriesSheet(db, userId, languageId, name, pages()), rows: Number(total) };
}

/** GET /card/{id}/export: one invoice's entries and payments (an invoice is one page). */
export async function invoiceExport(
  db: Db,
  userId: number,
  languageId: number,
  entries: readonly EntryRow[],
  name: string,
): Promise<SheetFile> {
  async function* one(): AsyncIterable<readonly EntryRow[]> {
    yield entries;
  }
  return entriesSheet(db, userId, languageId, name, one());
}
