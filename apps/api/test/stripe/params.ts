/**
 * Stripe's request format and error shape. The SDK sends every parameter form-encoded with qs-style
 * nesting (`items[0][price]=…`, `expand[0]=…`; `[]` is accepted too), and Stripe answers bad input
 * with `{error: {type, message, code, param}}`. This module turns the one into typed values and
 * everything wrong into the other.
 */

/** One HTTP answer, whichever part of the server (API, pages, control) produced it. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(value, null, 2),
  };
}

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export type StripeErrorType = 'invalid_request_error' | 'api_error' | 'idempotency_error';

/** An answer in Stripe's error shape; thrown anywhere, turned into the response by the server. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: StripeErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(status: number, type: StripeErrorType, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }

  body(): { error: { type: StripeErrorType; message: string; code?: string; param?: string } } {
    return { error: { type: this.type, message: this.message, code: this.code, param: this.param } };
  }
}

export function badRequest(message: string, param?: string, code = 'parameter_invalid'): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}

/** Stripe's answer for an id it does not know: `No such customer: 'cus_x'`. */
export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );
}

/**
 * Decodes `a[b][0]=c&expand[]=d` into nested objects and arrays. Objects have no prototype, so a
 * `__proto__` key is an ordinary key. Keys that are all indices become arrays at the end.
 */
export function decodeForm(text: string): FormObject {
  const root: FormObject = Object.create(null);
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = decodeComponent(eq === -1 ? '' : pair.slice(eq + 1));
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) throw badRequest(`Invalid parameter name: ${key}`, key);
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node = root;
    for (const [i, raw] of path.entries()) {
      // `[]` appends: its index is the count of what is there already.
      const segment = raw === '' ? String(Object.keys(node).length) : raw;
      if (i === path.length - 1) {
        if (typeof node[segment] === 'object') throw badRequest(`Invalid value for ${key}`, key);
        node[segment] = value;
        break;
      }
      let next = node[segment];
      if (next === undefined) {
        next = Object.create(null) as FormObject;
        node[segment] = next;
      }
      if (typeof next !== 'object' || Array.isArray(next)) throw badRequest(`Invalid value for ${key}`, key);
      node = next;
    }
  }
  return withArrays(root);
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw badRequest(`Invalid URL encoding: ${text}`);
  }
}

function withArrays(node: FormObject): FormObject {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== 'object' || Array.isArray(value)) continue;
    const inner = withArrays(value);
    const keys = Object.keys(inner);
    node[key] =
      keys.length > 0 && keys.every((k) => /^\d+$/.test(k))
        ? keys
            .map(Number)
            .sort((a, b) => a - b)
            .map((k) => inner[String(k)] ?? '')
        : inner;
  }
  return node;
}

/**
 * Typed reads of one (possibly nested) parameter object, with Stripe's messages for wrong input.
 * `only` rejects any parameter the route does not know, as Stripe does ("Received unknown
 * parameter"): a caller sending an older API version's names finds out here, not in production.
 */
export class Params {
  readonly #values: FormObject;
  readonly #prefix: string;

  constructor(values: FormObject, prefix = '') {
    this.#values = values;
    this.#prefix = prefix;
  }

  name(key: string): string {
    return this.#prefix === '' ? key : `${this.#prefix}[${key}]`;
  }

  only(...allowed: string[]): this {
    for (const key of Object.keys(this.#values)) {
      if (key !== 'expand' && !allowed.includes(key)) {
        throw badRequest(
          `Received unknown parameter: ${this.name(key)}`,
          this.name(key),
          'parameter_unknown',
        );
      }
    }
    return this;
  }

  has(key: string): boolean {
    return this.#values[key] !== undefined;
  }

  /** `key=` with nothing after it: Stripe's way of unsetting a field. */
  isEmpty(key: string): boolean {
    return this.#values[key] === '';
  }

  string(key: string): string | undefined {
    const value = this.#values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw badRequest(`Invalid string: ${this.name(key)}`, this.name(key));
    return value;
  }

  required(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') {
      throw badRequest(`Missing required param: ${this.name(key)}.`, this.name(key), 'parameter_missing');
    }
    return value;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw badRequest(`Invalid integer: ${value}`, this.name(key));
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw badRequest(`Invalid boolean: ${value}`, this.name(key));
    return value === 'true';
  }

  oneOf<T extends string>(key: string, choices: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const choice = choices.find((c) => c === value);
    if (choice === undefined) {
      throw badRequest(
        `Invalid ${this.name(key)}: must be one of ${choices.join(', ')}`,
        this.name(key),
        'parameter_invalid_string',
      );
    }
    return choice;
  }

  object(key: string): Params | undefined {
    const value = this.#values[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw badRequest(`Invalid object: ${this.name(key)}`, this.name(key));
    }
    return new Params(value, this.name(key));
  }

  objects(key: string): Params[] | undefined {
    const value = this.#values[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw badRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    return value.map((item, i) => {
      const name = `${this.name(key)}[${i}]`;
      if (typeof item !== 'object' || Array.isArray(item)) throw badRequest(`Invalid object: ${name}`, name);
      return new Params(item, name);
    });
  }

  strings(key: string): string[] | undefined {
    const value = this.#values[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
      throw badRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    }
    return value;
  }

  /** `metadata[k]=v` merges; `metadata[k]=` deletes k; `metadata=` clears (Stripe's rules). */
  metadata(key = 'metadata'): Record<string, string> | 'clear' | undefined {
    if (this.isEmpty(key)) return 'clear';
    const value = this.#values[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string') throw badRequest(`Invalid object: ${this.name(key)}`, this.name(key));
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    return Object.fromEntries(
      entries.map(([k, v]) => {
        if (typeof v !== 'string') throw badRequest(`Invalid metadata value: ${this.name(key)}[${k}]`, key);
        return [k, v];
      }),
    );
  }

  expand(): string[] {
    return this.strings('expand') ?? [];
  }
}
