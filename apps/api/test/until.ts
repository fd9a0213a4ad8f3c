/**
 * Polls until `check` holds, failing with `what` after `ms`. For events that must come (a notification, a
 * process exiting, a file appearing), never to time anything: tests assert no durations.
 */
export async function until(what: string, check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
