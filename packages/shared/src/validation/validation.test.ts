import { describe, expect, it } from 'vitest';
import { catalogueKeys, resources } from '../i18n/index.ts';
import { RULE_NAMES } from './rules.ts';
import { parseRules, validateValue, validateValues } from './validate.ts';

const ok = (value: unknown, spec: string, values: Record<string, unknown> = {}) =>
  validateValue(value, spec, { values }) === null;

const file = (name: string, type: string, size: number, width = 0, height = 0) => ({
  name,
  type,
  size,
  width,
  height,
});

describe('validation rules (spec §5)', () => {
  it('alpha', () => {
    expect(ok('Ação', 'alpha')).toBe(true);
    expect(ok('abc1', 'alpha')).toBe(false);
    expect(ok('a b', 'alpha')).toBe(false);
  });
  it('alpha_dash', () => {
    expect(ok('a-b_1', 'alpha_dash')).toBe(true);
    expect(ok('a b', 'alpha_dash')).toBe(false);
  });
  it('alpha_num', () => {
    expect(ok('abc123', 'alpha_num')).toBe(true);
    expect(ok('abc-1', 'alpha_num')).toBe(false);
  });
  it('alpha_spaces', () => {
    expect(ok('João da Silva', 'alpha_spaces')).toBe(true);
    expect(ok('João 2', 'alpha_spaces')).toBe(false);
  });
  it('between', () => {
    expect(ok('5', 'between:1,10')).toBe(true);
    expect(ok(10, 'between:1,10')).toBe(true);
    expect(ok(11, 'between:1,10')).toBe(false);
    expect(ok('x', 'between:1,10')).toBe(false);
  });
  it('confirmed', () => {
    expect(ok('secret12', 'confirmed:password', { password: 'secret12' })).toBe(true);
    expect(ok('secret13', 'confirmed:password', { password: 'secret12' })).toBe(false);
  });
  it('digits', () => {
    expect(ok('1234', 'digits:4')).toBe(true);
    expect(ok('123', 'digits:4')).toBe(false);
    expect(ok('12a4', 'digits:4')).toBe(false);
  });
  it('dimensions', () => {
    expect(validateValue(file('a.png', 'image/png', 10, 100, 50), 'dimensions:100,50')).toBeNull();
    expect(validateValue(file('a.png', 'image/png', 10, 100, 51), 'dimensions:100,50')?.rule).toBe(
      'dimensions',
    );
  });
  it('email', () => {
    expect(ok('ana@example.com', 'email')).toBe(true);
    expect(ok('ana@example', 'email')).toBe(false);
    expect(ok('not an email', 'email')).toBe(false);
  });
  it('ext', () => {
    expect(validateValue(file('photo.JPG', 'image/jpeg', 1), 'ext:jpg,png')).toBeNull();
    expect(validateValue(file('doc.pdf', 'application/pdf', 1), 'ext:jpg,png')?.rule).toBe('ext');
  });
  it('image', () => {
    expect(validateValue(file('a.png', 'image/png', 1), 'image')).toBeNull();
    expect(validateValue(file('a.txt', 'text/plain', 1), 'image')?.rule).toBe('image');
  });
  it('integer', () => {
    expect(ok('-42', 'integer')).toBe(true);
    expect(ok('4.2', 'integer')).toBe(false);
  });
  it('is and is_not', () => {
    expect(ok('yes', 'is:yes')).toBe(true);
    expect(ok('no', 'is:yes')).toBe(false);
    expect(ok('no', 'is_not:yes')).toBe(true);
    expect(ok('yes', 'is_not:yes')).toBe(false);
  });
  it('length', () => {
    expect(ok('abcd', 'length:4')).toBe(true);
    expect(ok('abc', 'length:4')).toBe(false);
    expect(validateValue(['a', 'b'], 'length:2')).toBeNull();
  });
  it('max and min (length)', () => {
    expect(ok('abc', 'max:3')).toBe(true);
    expect(ok('abcd', 'max:3')).toBe(false);
    expect(ok('abcdefgh', 'min:8')).toBe(true);
    expect(ok('abc', 'min:8')).toBe(false);
  });
  it('max_value and min_value', () => {
    expect(ok('10', 'max_value:10')).toBe(true);
    expect(ok('10.5', 'max_value:10')).toBe(false);
    expect(ok(0, 'min_value:0')).toBe(true);
    expect(ok(-1, 'min_value:0')).toBe(false);
    expect(ok('abc', 'min_value:0')).toBe(false);
  });
  it('mimes', () => {
    expect(validateValue(file('a.png', 'image/png', 1), 'mimes:image/*')).toBeNull();
    expect(validateValue(file('a.csv', 'text/csv', 1), 'mimes:text/csv,application/pdf')).toBeNull();
    expect(validateValue(file('a.exe', 'application/x-msdownload', 1), 'mimes:image/*')?.rule).toBe('mimes');
  });
  it('one_of and not_one_of', () => {
    expect(ok('b', 'one_of:a,b')).toBe(true);
    expect(ok('c', 'one_of:a,b')).toBe(false);
    expect(ok('c', 'not_one_of:a,b')).toBe(true);
    expect(ok('a', 'not_one_of:a,b')).toBe(false);
  });
  it('numeric', () => {
    expect(ok('0123', 'numeric')).toBe(true);
    expect(ok('12a', 'numeric')).toBe(false);
  });
  it('regex (commas and slashes kept)', () => {
    expect(ok('AB-12', 'regex:^[A-Z]{2}-\\d{2}$')).toBe(true);
    expect(ok('ab-12', 'regex:/^[a-z]{1,2}-\\d{2}$/i')).toBe(true);
    expect(ok('ab12', 'regex:^[A-Z]{2}-\\d{2}$')).toBe(false);
  });
  it('required', () => {
    expect(ok('x', 'required')).toBe(true);
    for (const empty of ['', '   ', null, undefined, [], false]) expect(ok(empty, 'required')).toBe(false);
    expect(ok(0, 'required')).toBe(true);
  });
  it('size (KB)', () => {
    expect(validateValue(file('a.png', 'image/png', 1024), 'size:1')).toBeNull();
    expect(validateValue(file('a.png', 'image/png', 1025), 'size:1')?.rule).toBe('size');
  });
  it('url', () => {
    expect(ok('https://centavo.app/help', 'url')).toBe(true);
    expect(ok('javascript:alert(1)', 'url')).toBe(false);
    expect(ok('not a url', 'url')).toBe(false);
  });

  it('skips every rule but required on an empty value', () => {
    expect(ok('', 'email|min:8')).toBe(true);
    expect(validateValue('', 'required|email')?.rule).toBe('required');
  });

  it('stops at the first failing rule and names its parameters', () => {
    expect(validateValue('ab', 'required|min:8|max:10')).toEqual({ rule: 'min', params: { length: '8' } });
    expect(validateValue(20, 'between:1,10')).toEqual({ rule: 'between', params: { min: '1', max: '10' } });
  });

  it('accepts the object syntax', () => {
    expect(parseRules({ required: true, min: 8, one_of: ['a', 'b'], email: false })).toEqual([
      { name: 'required', params: [] },
      { name: 'min', params: ['8'] },
      { name: 'one_of', params: ['a', 'b'] },
    ]);
  });

  it('throws on an unknown rule name', () => {
    expect(() => validateValue('x', 'required|shiny')).toThrow('Unknown validation rule "shiny"');
    expect(() => parseRules({ shiny: true } as never)).toThrow('Unknown validation rule');
  });

  it('validates a whole form', () => {
    const failures = validateValues(
      { email: 'bad', password: 'secret12', password_confirmation: 'secret13' },
      {
        email: 'required|email',
        password: 'required|min:8',
        password_confirmation: 'required|confirmed:password',
      },
    );
    expect(Object.keys(failures)).toEqual(['email', 'password_confirmation']);
  });
});

describe('validation messages', () => {
  it('has a message for every rule in both languages', () => {
    for (const locale of ['en', 'br'] as const) {
      const keys = new Set(catalogueKeys(resources[locale].validation));
      for (const rule of RULE_NAMES) expect(keys.has(`rules.${rule}`), `${locale} rules.${rule}`).toBe(true);
    }
  });

  it('has the default message', () => {
    expect(resources.en.validation.default).toBe('{field} is not valid');
  });
});
