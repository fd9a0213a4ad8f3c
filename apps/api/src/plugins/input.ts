import type { FastifyInstance } from 'fastify';
import { validationError } from '../lib/errors.ts';

const MAX_DEPTH = 8;

/** The first field (top-level name, or the part's name) holding a text with a NUL character, if any. */
export function fieldWithNul(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? field : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value))
    return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = fieldWithNul(item, field, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithNul(item, depth === 0 ? key : field, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Text with a NUL character (`\u0000`) is refused with a 422 naming its field, on every route, before the
 * route's own validation: PostgreSQL cannot store it in text (it answered 500) while SQLite stored it, and
 * the same request must get the same answer on both databases (QUALITY.md "Reliability"). One hook for the
 * path, the query string and the JSON body (multipart fields included), rather than a rule in every schema.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      fieldWithNul(request.params, 'id') ??
      fieldWithNul(request.query, 'query') ??
      fieldWithNul(request.body, 'body');
    if (field) throw validationError({ [field]: 'textHasNul' });
  });
}
