import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's main thread is idle: React has rendered and run its effects, and any request they
 * start has been made. For checks that something did not happen.
 */
export async function mainThreadIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
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
