// The WAL checkpointer's thread (started by db/checkpoint.ts). JavaScript, not TypeScript: a worker is
// its own isolate, and stripping types there loads a second copy of Node's TypeScript stripper (~16 MB of
// RSS on top of the thread's own ~15 MB). It loads nothing from the app, only better-sqlite3.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ path: string, intervalMs: number, truncateFrames: number }} */
const { path, intervalMs, truncateFrames } = workerData;
const port = parentPort;
if (!port) throw new Error('checkpoint.worker.mjs runs as a worker thread');

const Sqlite = createRequire(import.meta.url)('better-sqlite3');
const db = new Sqlite(path, { fileMustExist: true });
// The worker never takes the writer lock (PASSIVE only): a transaction on the app's connection that read
// first and then writes cannot wait for a lock it would need to upgrade, and would fail with SQLITE_BUSY.
// The checkpoint reads WAL frames and writes database pages: it needs no page cache of its own.
db.pragma('cache_size = -256');
db.pragma('wal_autocheckpoint = 0');

const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let lastLog = -1;
let waiting = false;
let timer = setTimeout(tick, intervalMs);

function walBytes() {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

function tick() {
  try {
    const done = /** @type {{ busy: number, log: number, checkpointed: number }} */ (passive.get());
    // Under steady writes the log seldom restarts by itself (a writer reuses it only when every frame is
    // already in the database when it begins), and when writes stop the file keeps its size: then the
    // app's connection truncates it (it holds no transaction then, and this thread pauses meanwhile).
    const idle = done.log === lastLog;
    lastLog = done.log;
    if (done.log >= truncateFrames || (idle && (done.log > 0 || walBytes() > 0))) {
      waiting = true;
      port.postMessage({ truncate: true });
      return;
    }
    // Behind: go again at once, so each pass is short and the log can catch up and restart.
    timer = setTimeout(tick, done.checkpointed < done.log ? 0 : intervalMs);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
    timer = setTimeout(tick, intervalMs);
  }
}

port.on('message', (message) => {
  if (message === 'truncated' && waiting) {
    waiting = false;
    lastLog = -1;
    timer = setTimeout(tick, intervalMs);
    return;
  }
  if (message !== 'close') return;
  clearTimeout(timer);
  try {
    db.close();
  } finally {
    port.close();
  }
});
