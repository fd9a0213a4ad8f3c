import type pg from 'pg';

export interface NotificationHandlers {
  /** A notification's payload, in the order PostgreSQL delivered them. */
  notify(payload: string): void;
  /** LISTEN is in place: every notification of a commit from now on will arrive. */
  up(): void;
  /** The connection is gone (or never came): notifications may be missed until the next `up`. */
  down(error: Error): void;
}

export interface Listening {
  /** Stops listening and closes the connection; no handler is called afterwards. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** How often the connection proves it is alive (a `select 1` answered within `timeoutMs`). */
  heartbeatMs?: number;
  /** Connecting, LISTEN and each heartbeat must answer within this, or the connection counts as lost. */
  timeoutMs?: number;
  /** Delays between reconnection attempts: the first, doubled after each failure up to the last. */
  retryMs?: { first: number; max: number };
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * Keeps one PostgreSQL session LISTENing on `channel`, outside the pool (a pooled connection is shared by
 * queries and may be replaced at any time; LISTEN belongs to one session). PostgreSQL delivers a NOTIFY to the
 * sessions listening when its transaction commits, and never replays one to a session that was not: so a
 * lost connection is reported at once (`down`), and `up` again only once a new session has LISTENed.
 * A connection can also die without a word (a half-open TCP connection after a network fault or a server
 * restart): the heartbeat notices within `heartbeatMs + timeoutMs`.
 */
export function listenForNotifications(
  pgModule: typeof pg,
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  options: ListenOptions = {},
): Listening {
  if (!CHANNEL.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const retry = options.retryMs ?? { first: 100, max: 5_000 };

  let closed = false;
  let current: pg.Client | undefined;
  let delay = retry.first;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lose = (client: pg.Client, error: Error) => {
    if (client !== current) return;
    current = undefined;
    clearInterval(heartbeat);
    client.end().catch(() => {});
    if (closed) return;
    handlers.down(error);
    schedule();
  };

  const schedule = () => {
    retryTimer = setTimeout(() => void connect(), delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, retry.max);
  };

  const connect = async () => {
    if (closed) return;
    const client = new pgModule.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
    });
    current = client;
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client, new Error('PostgreSQL closed the LISTEN connection')));
    client.on('notification', (message) => {
      if (client === current && message.channel === channel && message.payload) {
        handlers.notify(message.payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      lose(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (client !== current || closed) return;
    delay = retry.first;
    heartbeat = setInterval(() => {
      client.query('select 1').catch((error: Error) => lose(client, error));
    }, heartbeatMs);
    heartbeat.unref();
    handlers.up();
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
