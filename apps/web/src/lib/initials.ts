/** Up to two initials of a name ("Ana Souza" → "AS"), the same in the header and on /me (issue 13 #16). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toLocaleUpperCase() ?? '')
    .join('');
}
