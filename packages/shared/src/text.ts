/**
 * Text as searches and uniqueness rules compare it: without accents, lower case, inner spaces collapsed
 * ("  Itaú  Unibanco " → "itau unibanco"), so "itau" finds Itaú and "alimentacao" equals "Alimentação".
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `text` contains `search`, ignoring accents and case. */
export function matchesSearch(text: string, search: string): boolean {
  const q = foldText(search);
  return q === '' || foldText(text).includes(q);
}
