import { expect, type Page, type Request } from '@playwright/test';

/**
 * Waits until the page's main thread is idle: React has rendered and run its effects, and any request they
 * start has been made. For checks that something did not happen.
 */
export async function mainThreadIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/**
 * Fails unless the page's main thread has an idle moment within `ms`: a component that renders over and over
 * (an effect that sets state on every render) keeps it busy forever, and the user's CPU with it. The entry
 * form did, for as long as it was open (issue 19).
 */
export async function expectGoesIdle(page: Page, ms = 5_000): Promise<void> {
  const idle = await page.evaluate(
    (timeout) =>
      new Promise<boolean>((resolve) =>
        requestIdleCallback((deadline) => resolve(!deadline.didTimeout), { timeout }),
      ),
    ms,
  );
  expect(idle, `the page was busy for ${ms} ms without a pause: something renders over and over`).toBe(true);
}

/**
 * Waits until no CSS animation or transition is running (a dialog has faded in, a toast slid in) and the
 * next frame is painted: screenshots, layout-shift totals and axe's contrast checks see the final frame.
 */
export async function animationsDone(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
    .toBe(0);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Counts the page's requests in flight (API calls, lazily loaded chunks) from now on, for `requestsDone`.
 * Call it before the first navigation (`signUp` does); a second call changes nothing.
 */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const pending = new Set<Request>();
  page.on('request', (request) => {
    pending.add(request);
  });
  const done = (request: Request) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  inFlight.set(page, pending);
}

/**
 * Waits until every request the page made has answered and React has rendered the answers (the main thread
 * is idle with nothing new in flight). Unlike Playwright's `networkidle`, it does not wait a further 500 ms
 * of quiet after the last answer: it is done as soon as the page has what it asked for.
 */
export async function requestsDone(page: Page): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('requestsDone needs trackRequests(page) first');
  do {
    await expect.poll(() => pending.size).toBe(0);
    await mainThreadIdle(page);
  } while (pending.size > 0);
}
