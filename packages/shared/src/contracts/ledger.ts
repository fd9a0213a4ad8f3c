import { z } from 'zod';
import { apiMessage } from '../errors.ts';

/**
 * Pieces shared by the ledger contracts (banks, accounts, categories, tags, entries). Field names are the
 * API's snake_case names and stay stable: the web forms bind to them.
 */
export const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: apiMessage('colorFormat') });

/** Free-text search in a query string. */
export const searchQuerySchema = z.string().trim().max(100);
