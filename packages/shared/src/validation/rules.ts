/**
 * The validation rules of spec §5 as pure functions. Every rule except `required` passes on an empty
 * value, so optional fields are only checked when filled in (as the customer's form library did).
 */

import { isDateInRange, isValidDate } from '../dates.ts';

/** A file as both the browser's File and a plain test object describe it. */
export interface FileLike {
  name: string;
  type: string;
  /** Bytes. */
  size: number;
}

/** An image whose pixel size the caller has already read (the browser needs an async decode for that). */
export interface ImageLike extends FileLike {
  width: number;
  height: number;
}

export interface RuleContext {
  /** All values of the form, for rules that compare fields (`confirmed`). */
  values: Record<string, unknown>;
}

export type RuleFn = (value: unknown, params: readonly string[], context: RuleContext) => boolean;

export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function asNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    return Number(value);
  }
  return Number.NaN;
}

function param(params: readonly string[], index: number, rule: string): string {
  const value = params[index];
  if (value === undefined) throw new Error(`Validation rule "${rule}" needs parameter ${index + 1}`);
  return value;
}

function numericParam(params: readonly string[], index: number, rule: string): number {
  const value = Number(param(params, index, rule));
  if (!Number.isFinite(value)) throw new Error(`Validation rule "${rule}" needs a numeric parameter`);
  return value;
}

function isFileLike(value: unknown): value is FileLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    typeof value.name === 'string' &&
    'type' in value &&
    typeof value.type === 'string' &&
    'size' in value &&
    typeof value.size === 'number'
  );
}

function isImageLike(value: unknown): value is ImageLike {
  return (
    isFileLike(value) &&
    'width' in value &&
    typeof value.width === 'number' &&
    'height' in value &&
    typeof value.height === 'number'
  );
}

/** A list of files (FileList, array) or one file, as an array. */
function files(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null && 'length' in value && typeof value.length === 'number') {
    return Array.from(value as ArrayLike<unknown>);
  }
  return [value];
}

/** Applies a check to one value, or to every item of an array (multi-selects, file lists). */
function each(value: unknown, check: (item: unknown) => boolean): boolean {
  return Array.isArray(value) ? value.every(check) : check(value);
}

function length(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return Array.from(asString(value)).length;
}

function lengthOf(value: unknown): number {
  return typeof value === 'number' ? Array.from(String(value)).length : length(value);
}

const ALPHA = /^\p{L}+$/u;
const ALPHA_DASH = /^[\p{L}\p{N}_-]+$/u;
const ALPHA_NUM = /^[\p{L}\p{N}]+$/u;
const ALPHA_SPACES = /^[\p{L}\s]+$/u;
// Practical e-mail shape (HTML's definition): local@domain with at least one dot-free label.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

function mimeMatches(type: string, pattern: string): boolean {
  if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
  return type === pattern;
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

export const rules = {
  alpha: (value) => each(value, (v) => ALPHA.test(asString(v))),
  alpha_dash: (value) => each(value, (v) => ALPHA_DASH.test(asString(v))),
  alpha_num: (value) => each(value, (v) => ALPHA_NUM.test(asString(v))),
  alpha_spaces: (value) => each(value, (v) => ALPHA_SPACES.test(asString(v))),
  between: (value, params) => {
    const min = numericParam(params, 0, 'between');
    const max = numericParam(params, 1, 'between');
    return each(value, (v) => {
      const n = asNumber(v);
      return n >= min && n <= max;
    });
  },
  /** A YYYY-MM-DD the API accepts (from 1900-01-01 to 50 years ahead: the same check as the contracts). */
  date_range: (value) => each(value, (v) => isValidDate(asString(v)) && isDateInRange(asString(v))),
  confirmed: (value, params, context) => value === context.values[param(params, 0, 'confirmed')],
  digits: (value, params) => {
    const count = numericParam(params, 0, 'digits');
    return each(value, (v) => /^\d+$/.test(asString(v)) && asString(v).length === count);
  },
  dimensions: (value, params) => {
    const width = numericParam(params, 0, 'dimensions');
    const height = numericParam(params, 1, 'dimensions');
    return files(value).every((f) => isImageLike(f) && f.width === width && f.height === height);
  },
  email: (value) => each(value, (v) => EMAIL.test(asString(v).trim())),
  ext: (value, params) => {
    const allowed = params.map((p) => p.toLowerCase());
    return files(value).every((f) => {
      const name = isFileLike(f) ? f.name : asString(f);
      return allowed.includes(extension(name));
    });
  },
  image: (value) => files(value).every((f) => isFileLike(f) && f.type.startsWith('image/')),
  integer: (value) => each(value, (v) => /^-?\d+$/.test(asString(v))),
  is: (value, params) => asString(value) === param(params, 0, 'is'),
  is_not: (value, params) => asString(value) !== param(params, 0, 'is_not'),
  length: (value, params) => lengthOf(value) === numericParam(params, 0, 'length'),
  max: (value, params) => lengthOf(value) <= numericParam(params, 0, 'max'),
  max_value: (value, params) => {
    const max = numericParam(params, 0, 'max_value');
    return each(value, (v) => asNumber(v) <= max);
  },
  mimes: (value, params) =>
    files(value).every((f) => isFileLike(f) && params.some((p) => mimeMatches(f.type, p))),
  min: (value, params) => lengthOf(value) >= numericParam(params, 0, 'min'),
  min_value: (value, params) => {
    const min = numericParam(params, 0, 'min_value');
    return each(value, (v) => asNumber(v) >= min);
  },
  not_one_of: (value, params) => each(value, (v) => !params.includes(asString(v))),
  numeric: (value) => each(value, (v) => /^\d+$/.test(asString(v))),
  one_of: (value, params) => each(value, (v) => params.includes(asString(v))),
  regex: (value, params) => {
    const source = param(params, 0, 'regex');
    // "/pattern/flags" or a bare pattern.
    const literal = /^\/(.*)\/([a-z]*)$/s.exec(source);
    const pattern = literal ? new RegExp(literal[1] ?? '', literal[2]) : new RegExp(source);
    return each(value, (v) => pattern.test(asString(v)));
  },
  required: (value) => !isEmpty(value) && value !== false,
  size: (value, params) => {
    const kb = numericParam(params, 0, 'size');
    return files(value).every((f) => isFileLike(f) && f.size <= kb * 1024);
  },
  url: (value) =>
    each(value, (v) => {
      try {
        const url = new URL(asString(v));
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }),
} satisfies Record<string, RuleFn>;

export type RuleName = keyof typeof rules;
export const RULE_NAMES = Object.keys(rules) as RuleName[];

export function isRuleName(name: string): name is RuleName {
  return Object.hasOwn(rules, name);
}
