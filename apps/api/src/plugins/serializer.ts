import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

type Serializer = (data: unknown) => string;
/** Copies a value keeping only what its schema declares; throws on a value of the wrong kind. */
type Projector = (value: unknown) => unknown;

/** A response that does not fit its schema: the error handler answers 500 and logs it. */
export class ResponseShapeError extends Error {
  constructor(path: string, expected: string) {
    super(`response value at ${path || '(root)'} is not ${expected}`);
    this.name = 'ResponseShapeError';
  }
}

interface ZodDef {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  options?: $ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}

const defOf = (schema: $ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

function primitive(kind: 'string' | 'number' | 'boolean', path: string): Projector {
  return (value) => {
    // NaN and Infinity would be written as null, which zod refuses too.
    if (typeof value !== kind || (kind === 'number' && !Number.isFinite(value))) {
      throw new ResponseShapeError(path, `a ${kind}`);
    }
    return value;
  };
}

/**
 * A projector for the zod schemas responses use (objects, arrays, records, nullable/optional, primitives,
 * enums, literals, unknown), or null for anything else (transforms, dates, unions of objects…), which keeps
 * the zod serializer.
 */
export function projector(schema: $ZodType, path = ''): Projector | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return primitive(def.type, path);
    case 'null':
      return (value) => {
        if (value !== null) throw new ResponseShapeError(path, 'null');
        return null;
      };
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []));
      return (value) => {
        if (!allowed.has(value)) throw new ResponseShapeError(path, `one of ${[...allowed].join(', ')}`);
        return value;
      };
    }
    case 'unknown':
    case 'any':
      return (value) => value;
    case 'nullable':
    case 'optional': {
      const inner = def.innerType && projector(def.innerType, path);
      if (!inner) return null;
      const empty = def.type === 'nullable' ? null : undefined;
      return (value) => (value === empty ? value : inner(value));
    }
    case 'array': {
      const element = def.element && projector(def.element, `${path}[]`);
      if (!element) return null;
      return (value) => {
        if (!Array.isArray(value)) throw new ResponseShapeError(path, 'an array');
        return value.map(element);
      };
    }
    case 'record': {
      const keyDef = def.keyType && defOf(def.keyType);
      const item = def.valueType && projector(def.valueType, `${path}.*`);
      if (keyDef?.type !== 'string' || !item) return null;
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          throw new ResponseShapeError(path, 'an object');
        }
        const out: Record<string, unknown> = {};
        for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = item(v);
        return out;
      };
    }
    case 'object': {
      // A catch-all (looseObject, passthrough) would let unknown keys through: zod decides those.
      if (def.catchall && defOf(def.catchall).type !== 'never') return null;
      const fields: Array<[string, Projector]> = [];
      for (const [key, child] of Object.entries(def.shape ?? {})) {
        const project = projector(child, path ? `${path}.${key}` : key);
        if (!project) return null;
        fields.push([key, project]);
      }
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          throw new ResponseShapeError(path, 'an object');
        }
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, project] of fields) {
          const v = source[key];
          const projected = project(v);
          if (projected !== undefined) out[key] = projected;
        }
        return out;
      };
    }
    default:
      return null;
  }
}

function resolveZodSchema(maybeSchema: unknown): $ZodType | null {
  const isZod = (value: unknown): value is $ZodType =>
    typeof value === 'object' && value !== null && '_zod' in value;
  if (isZod(maybeSchema)) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  return isZod(properties) ? properties : null;
}

export interface SerializerOptions {
  /**
   * Also check every response with zod, failing as fastify-type-provider-zod does (refinements such as
   * `.int()` included). On in development and tests so schema drift shows there; off in production, where
   * the projection still refuses values of the wrong kind.
   */
  validate: boolean;
}

/**
 * Response serializer: the value is copied keeping only the fields its zod schema declares (so a row with
 * extra columns cannot leak them), leaf kinds checked, then JSON.stringify. fastify-type-provider-zod's
 * serializer (a full zod encode, then JSON.stringify) cost a third of a small response's CPU. Built on
 * first use and shared by every route with the same schema object (the error body is on every route);
 * a schema the projection does not cover keeps the zod serializer.
 */
export function createSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<unknown> {
  // null: no projection for this schema; each route keeps its own zod serializer (its errors name the route).
  const cache = new WeakMap<$ZodType, Projector | null>();
  return (route) => {
    const zodSchema = resolveZodSchema(route.schema);
    const zodSerializer = () =>
      zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serializer;
    if (!zodSchema) return zodSerializer();
    const validate = options.validate ? zodSerializer() : null;
    let serialize: Serializer | undefined;
    return (data: unknown) => {
      if (!serialize) {
        let project = cache.get(zodSchema);
        if (project === undefined) {
          project = projector(zodSchema);
          cache.set(zodSchema, project);
        }
        const projection = project;
        serialize = projection ? (value) => JSON.stringify(projection(value)) : (validate ?? zodSerializer());
      }
      // The zod serializer throws fastify-type-provider-zod's ResponseSerializationError on a mismatch.
      if (validate && validate !== serialize) validate(data);
      return serialize(data);
    };
  };
}
