/** A fresh identity per test run: the database is new, but rate limits count per address. */
export function newUser(label: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { name: `Ana ${label}`, email: `ana.${label}.${id}@example.com`, password: `Secret-${id}-1` };
}
