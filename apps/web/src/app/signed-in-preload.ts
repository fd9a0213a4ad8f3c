/**
 * The signed-in shell and the page a sign-in lands on: the router's imports of them (app/router.tsx) and
 * their preload on sign-in. Both live in the app chunk: the sign-in page's chunk only calls
 * `preloadSignedIn`, instead of repeating the two imports with the list of every chunk they need (~0.6 KB
 * gzip of incompressible file names on the first load).
 */
export const loadLoggedInLayout = () => import('./layouts/LoggedInLayout.tsx');
export const loadEntriesListPage = () => import('../features/entries/pages/EntriesListPage.tsx');

let started = false;

/**
 * Starts fetching the signed-in shell and the page a sign-in lands on. Called when the sign-in form is
 * sent: the code downloads while the server checks the password (argon2 takes tens of milliseconds), so
 * the entries page follows the form at once instead of after a second round of requests. Visitors who
 * never sign in never load it; the first page's size is unchanged. The imports are the router's own,
 * so the browser fetches each chunk once.
 */
export function preloadSignedIn(): void {
  if (started) return;
  started = true;
  void loadLoggedInLayout().catch(() => {
    // The router loads it again, with the reload guard (lazy-page.ts); a failed preload is not an error.
    started = false;
  });
  void loadEntriesListPage().catch(() => {});
}
