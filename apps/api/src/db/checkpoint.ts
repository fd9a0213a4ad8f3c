import { Worker } from 'node:worker_threads';

/**
 * SQLite's automatic checkpoint runs inside the commit that crosses `wal_autocheckpoint` pages, and its fsync
 * then blocks the event loop (better-sqlite3 is synchronous): in-process, 3 000 creates ran at 884/s with
 * it and 3 322/s without it (docs/decisions/database.md). The app's connection turns it off and this worker
 * thread, with a connection of its own, checkpoints instead; a passive checkpoint never blocks writers.
 */
export interface Checkpointer {
  close(): Promise<void>;
}

export interface CheckpointerOptions {
  /** How often the worker runs a passive checkpoint. */
  intervalMs?: number;
  /** A log of this many frames (pages) is truncated as soon as the checkpoint has caught up with it. */
  truncateFrames?: number;
  /**
   * Runs `PRAGMA wal_checkpoint(TRUNCATE)` on the app's connection (when no transaction is open there), the
   * worker paused meanwhile.
   */
  truncate: () => void;
  /** A failed checkpoint is reported here and tried again on the next tick; it never stops the app. */
  onError?: ((error: Error) => void) | undefined;
}

export function startCheckpointer(path: string, options: CheckpointerOptions): Checkpointer {
  const onError = options.onError ?? (() => {});
  const worker = new Worker(new URL('./checkpoint.worker.mjs', import.meta.url), {
    workerData: {
      path,
      intervalMs: options.intervalMs ?? 200,
      truncateFrames: options.truncateFrames ?? 4096,
    },
    // The thread only runs a pragma now and then: a small heap is plenty, and it keeps the RSS down.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    stdout: false,
    stderr: false,
  });
  // The process may exit while the thread still runs (a script that forgot to close): it holds no work.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: { error?: string; truncate?: boolean }) => {
    if (message.error) onError(new Error(`WAL checkpoint failed: ${message.error}`));
    if (!message.truncate) return;
    try {
      options.truncate();
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
    worker.postMessage('truncated');
  });
  worker.on('error', (error) => onError(error));
  let closing: Promise<void> | undefined;
  return {
    close() {
      closing ??= (async () => {
        worker.removeAllListeners('message');
        worker.postMessage('close');
        const timeout = setTimeout(() => void worker.terminate(), 2000);
        await exited;
        clearTimeout(timeout);
      })();
      return closing;
    },
  };
}
