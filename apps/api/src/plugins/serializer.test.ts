import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, projector } from './serializer.ts';

const compile = (schema: unknown, validate = false) =>
  createSerializerCompiler({ validate })({
    schema,
    method: 'GET',
    url: '/x',
    httpStatus: '200',
  } as never) as (data: unknown) => string;

const user = z.object({
  id: z.number().int(),
  name: z.string(),
  verified_at: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  nested: z.object({ a: z.number() }).nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  note: z.string().optional(),
});

describe('response serializer', () => {
  it('writes what zod would, and never a field outside the schema', () => {
    const serialize = compile(user);
    const data = {
      id: 1,
      name: 'Ana "quoted" \u2028',
      verified_at: null,
      details: { ip: '1.2.3.4', n: 2 },
      nested: { a: 1, secret: 'x' },
      tags: [{ id: 1, name: 't', user_id: 9 }],
      password_hash: 'never',
    };
    const out = serialize(data);
    expect(JSON.parse(out)).toEqual(user.parse(data));
    expect(out).not.toContain('never');
    expect(out).not.toContain('secret');
    expect(out).not.toContain('user_id');
    expect(
      JSON.parse(serialize({ ...data, details: null, nested: null, verified_at: '2026-01-01' })),
    ).toEqual({
      ...user.parse(data),
      details: null,
      nested: null,
      verified_at: '2026-01-01',
    });
  });

  it('refuses a value of the wrong kind instead of writing it', () => {
    const serialize = compile(user);
    const valid = { id: 1, name: 'x', verified_at: null, details: null, nested: null, tags: [] };
    expect(() => serialize({ ...valid, name: { secret: 'x' } })).toThrow(/name/);
    expect(() => serialize({ ...valid, id: Number.NaN })).toThrow(/id/);
    expect(() => serialize({ ...valid, tags: {} })).toThrow(/tags/);
    expect(() => serialize({ ...valid, nested: 'x' })).toThrow(/nested/);
    expect(() => serialize({ ...valid, name: undefined })).toThrow(/name/);
    expect(() => compile(z.object({ code: z.enum(['A', 'B']) }))({ code: 'C' })).toThrow(/code/);
  });

  it('leaves loose objects, unions of objects and transforms to zod', () => {
    expect(projector(z.looseObject({ a: z.string() }))).toBeNull();
    expect(projector(z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]))).toBeNull();
    expect(projector(z.string().transform((s) => s.length))).toBeNull();
    expect(projector(user)).not.toBeNull();
  });

  it('falls back to zod for schemas JSON Schema cannot express', () => {
    const withDate = z.object({ at: z.date(), name: z.string() });
    expect(projector(withDate)).toBeNull();
    const at = new Date('2026-01-02T03:04:05Z');
    expect(JSON.parse(compile(withDate)({ at, name: 'x', extra: 1 }))).toEqual({
      at: at.toISOString(),
      name: 'x',
    });
  });

  it('when validating, refuses a response that does not match its schema, as fastify-type-provider-zod did', () => {
    expect(() => compile(user, true)({ id: '1', name: 'x' })).toThrow();
    expect(() =>
      compile(user, false)({ id: 1, name: 'x', verified_at: null, details: null, nested: null, tags: [] }),
    ).not.toThrow();
  });
});
