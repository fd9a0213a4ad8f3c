/**
 * Starts fetching the signed-in shell and the page a sign-in lands on. Called when the sign-in form is
 * sent: the code downloads while the server checks the password (argon2 takes tens of milliseconds), so
 * the entries page follows the form at once instead of after a second round of requests. Visitors who
 * never sign in never load it; the first page's size is unchanged. The imports are the router's own
 * (app/router.tsx), so the browser fetches each chunk once.
 */
let started = false;

export function preloadSignedIn(): void {
  if (started) return;
  started = true;
  void import('./layouts/LoggedInLayout.tsx').catch(() => {
    // The router loads it again, with the reload guard (lazy-page.ts); a failed preload is not an error.
    started = false;
  });
  void import('../features/entries/pages/EntriesListPage.tsx').catch(() => {});
}
