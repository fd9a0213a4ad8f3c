/**
 * Country and currency names in the interface language (issue 13 #9): the browser's Intl.DisplayNames
 * ("Brasil", "Alemanha", "Dólar americano" in Português), else the reference data's English name.
 */
const cache = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string, type: 'region' | 'currency'): Intl.DisplayNames | null {
  const key = `${locale}|${type}`;
  if (!cache.has(key)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type, fallback: 'none' });
    } catch {
      names = null;
    }
    cache.set(key, names);
  }
  return cache.get(key) ?? null;
}

function nameOf(locale: string, type: 'region' | 'currency', code: string, fallback: string): string {
  try {
    return displayNames(locale, type)?.of(code) ?? fallback;
  } catch {
    // A code Intl does not know (not ISO): the reference name.
    return fallback;
  }
}

export function countryName(code: string, locale: string, fallback: string): string {
  return nameOf(locale, 'region', code.toUpperCase(), fallback);
}

export function currencyName(code: string, locale: string, fallback: string): string {
  const name = nameOf(locale, 'currency', code.toUpperCase(), fallback);
  // Intl gives "dólar americano"; a list label starts with a capital like the other names.
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
