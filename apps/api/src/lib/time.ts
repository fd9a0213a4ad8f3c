/** The current instant as an ISO 8601 UTC timestamp (created_at, updated_at, paid_at). */
export function nowIso(): string {
  return new Date().toISOString();
}
