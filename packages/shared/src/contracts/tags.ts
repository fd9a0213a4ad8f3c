import { z } from 'zod';
import { apiMessage } from '../errors.ts';
import { listSchema, queryBoolean } from './common.ts';
import { searchQuerySchema } from './ledger.ts';

/** A tag name; unique per user case-insensitively. Commas separate tags in entry input, so none inside. */
export const tagNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .refine((v) => !v.includes(','), { message: apiMessage('tagNoComma') });

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Entries carrying the tag dated up to today; present when listed with `with_counts=true`. */
  count: z.number().int().optional(),
  /** With `with_counts=true`: the tag is on a monthly series without an end (it keeps counting). */
  repeating: z.boolean().optional(),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagListSchema = listSchema(tagSchema);

export const tagListQuerySchema = z.object({
  search: searchQuerySchema.optional(),
  with_counts: queryBoolean.optional(),
});
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

export const tagBodySchema = z.object({ name: tagNameSchema });
export type TagBody = z.infer<typeof tagBodySchema>;

/** POST /tag/tags: returns the tags (existing or new) for these labels, in the order given; idempotent. */
export const tagBulkBodySchema = z.object({ labels: z.array(tagNameSchema).min(1).max(100) });
export type TagBulkBody = z.infer<typeof tagBulkBodySchema>;
