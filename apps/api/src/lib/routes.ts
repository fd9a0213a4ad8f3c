import { idParamsSchema } from '@centavo/shared';
import { z } from 'zod';

/** What a route says of itself in the API document, and the schemas that are its own. */
interface RouteSchema {
  summary: string;
  operationId: string;
  description?: string;
  headers?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/** A route that changes finance data: refused on a read-only subscription (plugins/access.ts). */
const financeWrite = { access: 'finance-write' } as const;

/**
 * The options of a module's routes on its own rows — create one, and read, change or delete one by
 * `/:id`. The module's tag and error answers, the id parameter and the access of a write are the same on
 * every such route, so they are said once here; a route states what it does, what it takes and its answer.
 */
export function rowRoutes<const E extends Record<number, z.ZodType>>(tags: string[], errors: E) {
  return {
    /** A read by `/:id` (the row, or what belongs to it): 200. */
    get<S extends RouteSchema, R extends z.ZodType>(schema: S, answer: R) {
      return { schema: { tags, params: idParamsSchema, ...schema, response: { 200: answer, ...errors } } };
    },
    /** POST a new row: 201 with it. */
    create<S extends RouteSchema, R extends z.ZodType>(schema: S, answer: R) {
      return { config: financeWrite, schema: { tags, ...schema, response: { 201: answer, ...errors } } };
    },
    /** A write to one row (PUT, or POST of an action on it): 200 with what it answers. */
    update<S extends RouteSchema, R extends z.ZodType>(schema: S, answer: R) {
      return {
        config: financeWrite,
        schema: { tags, params: idParamsSchema, ...schema, response: { 200: answer, ...errors } },
      };
    },
    /** DELETE one row: 204 once it is gone. */
    remove<S extends RouteSchema>(schema: S) {
      return {
        config: financeWrite,
        schema: { tags, params: idParamsSchema, ...schema, response: { 204: z.null(), ...errors } },
      };
    },
  };
}

/** A route on the signed-in user's own account: open on every subscription, it writes no finance data. */
const open = { access: 'open' } as const;

/**
 * The options of the signed-in user's routes on their own account (profile, two-factor, passkeys): the
 * module's tag and error answers are said once here, and every write is `open`.
 */
export function ownAccountRoutes<const E extends Record<number, z.ZodType>>(tags: string[], errors: E) {
  return {
    /** A read: 200. */
    read<S extends RouteSchema, R extends z.ZodType>(schema: S, answer: R) {
      return { schema: { tags, ...schema, response: { 200: answer, ...errors } } };
    },
    /** A write that answers 200. */
    change<S extends RouteSchema, R extends z.ZodType>(schema: S, answer: R) {
      return { config: open, schema: { tags, ...schema, response: { 200: answer, ...errors } } };
    },
    /** A write that creates: 201. */
    create<S extends RouteSchema, R extends z.ZodType>(schema: S, answer: R) {
      return { config: open, schema: { tags, ...schema, response: { 201: answer, ...errors } } };
    },
    /** A removal: 204. */
    remove<S extends RouteSchema>(schema: S) {
      return { config: open, schema: { tags, ...schema, response: { 204: z.null(), ...errors } } };
    },
  };
}
