import { z } from 'zod';
import { listSchema } from './common.ts';
import { searchQuerySchema } from './ledger.ts';

/** Reference list of banks (DESIGN.md §3): Brazilian banks with COMPE codes plus "Other". */
export const bankSchema = z.object({ id: z.number().int(), code: z.string().nullable(), name: z.string() });
export type Bank = z.infer<typeof bankSchema>;

export const bankListQuerySchema = z.object({ search: searchQuerySchema.optional() });
export type BankListQuery = z.infer<typeof bankListQuerySchema>;
export const bankListSchema = listSchema(bankSchema);
