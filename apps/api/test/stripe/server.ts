/**
 * A Stripe-shaped HTTP server that tests own: point the real `stripe` SDK at it with
 * `server.client()` (or `{host, port, protocol: 'http'}`), then assert on what it received
 * (`requests()`), act as Stripe (`state.completeCheckout(…)`, …) and sign or deliver the events.
 * Node's own `http` is enough: three kinds of path (`/v1` API, hosted pages, `/_control`), no framework.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import { handleApi } from './api.ts';
import { handleControl } from './control.ts';
import { handlePage } from './pages.ts';
import { type Answer, decodeForm, type FormObject, json, Params, StripeApiError } from './params.ts';
import type { StripeEvent } from './resources.ts';
import { StripeState } from './state.ts';
import { type Delivery, deliverEvent, type SignedEvent, type SignOptions, signEvent } from './webhooks.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  /** The SDK keys every POST itself (`stripe-node-retry-…`) unless the caller passed one. */
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  /** 0 when the connection was closed without an answer. */
  status: number;
  /** Answered from the idempotency store: nothing new was created. */
  replayed: boolean;
}

/** `error`: every request answers 500 (the SDK retries those); `close`: the connection is dropped. */
export type OutageMode = 'off' | 'error' | 'close';

export const DEFAULT_WEBHOOK_SECRET = 'whsec_centavo_test_secret';
export const TEST_SECRET_KEY = 'sk_test_centavo';

export interface StripeServerOptions {
  port?: number;
  host?: string;
  /** Where hosted pages and the control API deliver events (e.g. the app's /api/v1/stripe/webhook). */
  webhookUrl?: string;
  webhookSecret?: string;
}

export class StripeServer {
  readonly host: string;
  readonly port: number;
  readonly url: string;
  readonly state: StripeState;
  webhookUrl: string | undefined;
  webhookSecret: string;
  /** Every webhook POST this server made, in order. */
  readonly deliveries: Delivery[] = [];
  readonly #http: Server;
  readonly #recorded: RecordedRequest[] = [];
  readonly #idempotent = new Map<string, { method: string; path: string; body: string; answer: Answer }>();
  #outage: { mode: OutageMode; remaining: number } = { mode: 'off', remaining: 0 };

  constructor(http: Server, host: string, port: number, options: StripeServerOptions) {
    this.#http = http;
    this.host = host;
    this.port = port;
    this.url = `http://${host}:${port}`;
    this.state = new StripeState(this.url);
    this.webhookUrl = options.webhookUrl;
    this.webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
    http.on('request', (req, res) => {
      this.#handle(req)
        .then((answer) => {
          if (answer === 'close') {
            req.socket.destroy();
            return;
          }
          res.writeHead(answer.status, answer.headers).end(answer.body);
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
        });
    });
  }

  /** What `new Stripe(key, …)` needs to talk to this server. */
  sdkConfig(): { host: string; port: number; protocol: 'http' } {
    return { host: this.host, port: this.port, protocol: 'http' };
  }

  /** The real SDK pointed here; `options` as for `new Stripe` (e.g. `maxNetworkRetries: 1`). */
  client(options: Stripe.StripeConfig = {}): Stripe {
    return new Stripe(TEST_SECRET_KEY, { ...this.sdkConfig(), ...options });
  }

  /** Recorded API requests, oldest first; `path` matches exactly or by RegExp. */
  requests(filter: { method?: string; path?: string | RegExp } = {}): RecordedRequest[] {
    return this.#recorded.filter(
      (r) =>
        (filter.method === undefined || r.method === filter.method) &&
        (filter.path === undefined ||
          (typeof filter.path === 'string' ? r.path === filter.path : filter.path.test(r.path))),
    );
  }

  clearRequests(): void {
    this.#recorded.length = 0;
  }

  /** While on, every request but the control API's fails; `requests` limits it to the next n. */
  setOutage(mode: OutageMode, options: { requests?: number } = {}): void {
    this.#outage = { mode, remaining: options.requests ?? Number.POSITIVE_INFINITY };
  }

  /** Back to a fresh server: seeded prices only, nothing recorded, no outage (the webhook URL stays). */
  reset(): void {
    this.state.reset();
    this.clearRequests();
    this.#idempotent.clear();
    this.deliveries.length = 0;
    this.setOutage('off');
  }

  sign(event: StripeEvent, options: SignOptions & { secret?: string } = {}): SignedEvent {
    return signEvent(event, options.secret ?? this.webhookSecret, options);
  }

  /** POSTs each event in order to `webhookUrl` (`times` copies of each at once), recording the answers. */
  async deliver(
    events: StripeEvent | StripeEvent[],
    options: SignOptions & { times?: number } = {},
  ): Promise<Delivery[]> {
    const url = this.webhookUrl;
    if (url === undefined) throw new Error('Stripe test server: no webhookUrl to deliver to');
    const results: Delivery[] = [];
    for (const event of [events].flat()) {
      const answers = await deliverEvent(url, event, this.webhookSecret, options);
      this.deliveries.push(...answers);
      results.push(...answers);
    }
    return results;
  }

  async close(): Promise<void> {
    this.#http.closeAllConnections();
    await new Promise<void>((resolve) => this.#http.close(() => resolve()));
  }

  async #handle(req: IncomingMessage): Promise<Answer | 'close'> {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    if (url.pathname.startsWith('/_control/'))
      return handleControl(this, method, url.pathname, url.searchParams, raw);
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.create(null),
      body: Object.create(null),
      idempotencyKey: header(req, 'idempotency-key'),
      stripeVersion: header(req, 'stripe-version'),
      status: 0,
      replayed: false,
    };
    this.#recorded.push(record);
    const answer = this.#outageAnswer() ?? this.#answer(req, url, raw, record);
    if (answer !== 'close') record.status = answer.status;
    return answer;
  }

  #outageAnswer(): Answer | 'close' | undefined {
    if (this.#outage.mode === 'off' || this.#outage.remaining <= 0) return undefined;
    this.#outage.remaining -= 1;
    if (this.#outage.mode === 'close') return 'close';
    return json(500, { error: { type: 'api_error', message: 'Stripe test server: outage switched on.' } });
  }

  #answer(req: IncomingMessage, url: URL, raw: string, record: RecordedRequest): Answer {
    try {
      record.query = decodeForm(url.search.slice(1));
      if (header(req, 'content-type')?.startsWith('application/x-www-form-urlencoded'))
        record.body = decodeForm(raw);
      if (url.pathname.startsWith('/v1/')) return this.#api(req, raw, record);
      const page = handlePage(this, record.method, url.pathname);
      if (page) return page;
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${record.method}: ${url.pathname}).`,
        'resource_missing',
      );
    } catch (error) {
      if (error instanceof StripeApiError)
        return json(error.status, error.body(), { 'request-id': newRequestId() });
      throw error;
    }
  }

  /**
   * Stripe's idempotency: a POST whose key was seen answers the saved response and creates nothing;
   * the same key with another path or body is an `idempotency_error`. Only successes are saved:
   * Stripe saves nothing for a request that failed validation, so a corrected retry may reuse its key.
   */
  #api(req: IncomingMessage, raw: string, record: RecordedRequest): Answer {
    if (!header(req, 'authorization')?.startsWith('Bearer ')) {
      return json(401, {
        error: {
          type: 'invalid_request_error',
          message:
            'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
        },
      });
    }
    const { method, path, idempotencyKey: key } = record;
    const requestId = newRequestId();
    const saved = method === 'POST' && key !== undefined ? this.#idempotent.get(key) : undefined;
    if (saved && key !== undefined) {
      if (saved.method !== method || saved.path !== path || saved.body !== raw) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      record.replayed = true;
      return { ...saved.answer, headers: { ...saved.answer.headers, 'idempotent-replayed': 'true' } };
    }
    const params = new Params(method === 'POST' ? record.body : record.query);
    const answer = json(200, handleApi(this.state, method, path, params), {
      'request-id': requestId,
      'stripe-version': record.stripeVersion ?? Stripe.API_VERSION,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    });
    if (method === 'POST' && key !== undefined)
      this.#idempotent.set(key, { method, path, body: raw, answer });
    return answer;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function newRequestId(): string {
  return `req_${randomBytes(9).toString('base64url')}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts a server on `host:port` (127.0.0.1 and a free port by default). */
export async function startStripeServer(options: StripeServerOptions = {}): Promise<StripeServer> {
  const http = createServer();
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('Stripe test server: no TCP address');
  return new StripeServer(http, host, address.port, options);
}
