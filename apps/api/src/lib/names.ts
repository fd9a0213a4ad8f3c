import { foldText } from '@centavo/shared/text';

/**
 * One rule for names (issue 13 #17, docs/decisions/newcomer.md): a user's accounts, categories of one type
 * (the system ones included, in either language) and subcategories of one category are unique ignoring case
 * and accents — "nubank" beside "Nubank", a custom "alimentacao" beside the system "Alimentação" are
 * refused with 409, as tags already were. Checked inside the write's transaction; the lists are a user's
 * few dozen rows.
 */
export function nameTaken(
  rows: readonly { id: number; name: string; name_br?: string | null }[],
  name: string,
  exceptId?: number,
): boolean {
  const key = foldText(name);
  return rows.some(
    (row) =>
      row.id !== exceptId &&
      (foldText(row.name) === key || (row.name_br != null && foldText(row.name_br) === key)),
  );
}
