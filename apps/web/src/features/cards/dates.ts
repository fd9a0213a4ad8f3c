/** A day of an invoice as the card page shows it: "15 Mar" in the interface locale (UTC: dates have no zone). */
export function formatDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
