import { z } from 'zod';
import { idSchema, listSchema, queryBoolean } from './common.ts';
import { colorSchema } from './ledger.ts';

/** transfer is the type of system category 1 only; users create income, expense or investment ones. */
export const CATEGORY_TYPES = ['income', 'expense', 'investment', 'transfer'] as const;
export const categoryTypeSchema = z.enum(CATEGORY_TYPES);
export type CategoryType = z.infer<typeof categoryTypeSchema>;
export const USER_CATEGORY_TYPES = ['income', 'expense', 'investment'] as const;
export const userCategoryTypeSchema = z.enum(USER_CATEGORY_TYPES);

export const subcategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  /** System subcategories are read-only. */
  system: z.boolean(),
});
export type Subcategory = z.infer<typeof subcategorySchema>;

/** Names of system categories come in the user's language (en/br). */
export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: categoryTypeSchema,
  color: z.string().nullable(),
  icon: z.string().nullable(),
  system: z.boolean(),
  /** The user hid it from the pickers (PUT /category/{id}/hidden); its entries and reports are untouched. */
  hidden: z.boolean(),
  subcategories: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = listSchema(categorySchema);
export const subcategoryListSchema = listSchema(subcategorySchema);

export const categoryListQuerySchema = z.object({
  type: categoryTypeSchema.optional(),
  /** Default true; false answers `subcategories: []`. */
  with_subcategories: queryBoolean.optional(),
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

const iconSchema = z.string().trim().min(1).max(60);

export const categoryCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  type: userCategoryTypeSchema,
  color: colorSchema.nullable().optional(),
  icon: iconSchema.nullable().optional(),
});
export type CategoryCreateBody = z.infer<typeof categoryCreateBodySchema>;

export const categoryUpdateBodySchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  /** Changing the type of a category in use answers 409 (its entries' operations would no longer match). */
  type: userCategoryTypeSchema.optional(),
  color: colorSchema.nullable().optional(),
  icon: iconSchema.nullable().optional(),
});
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBodySchema>;

/**
 * DELETE /category/{id} body: the replacement for its entries (the user's or a system category of the same
 * type; sub_category_id must belong to it). Required only when the category is in use (else 409).
 */
export const categoryDeleteBodySchema = z
  .object({ category_id: idSchema.optional(), sub_category_id: idSchema.nullable().optional() })
  .nullish();
export type CategoryDeleteBody = z.infer<typeof categoryDeleteBodySchema>;

/** PUT /category/{id}/hidden: hide a category (system or the user's own) from the pickers, or show it again. */
export const categoryHiddenBodySchema = z.object({ hidden: z.boolean() });
export type CategoryHiddenBody = z.infer<typeof categoryHiddenBodySchema>;

export const subcategoryCreateBodySchema = z.object({
  category_id: idSchema,
  name: z.string().trim().min(1).max(100),
});
export type SubcategoryCreateBody = z.infer<typeof subcategoryCreateBodySchema>;

export const subcategoryUpdateBodySchema = z.object({ name: z.string().trim().min(1).max(100) });
export type SubcategoryUpdateBody = z.infer<typeof subcategoryUpdateBodySchema>;

/** DELETE /subcategory/{id} body: entries using it move to `sub_category_id` (same category) or to none. */
export const subcategoryDeleteBodySchema = z
  .object({ sub_category_id: idSchema.nullable().optional() })
  .nullish();
export type SubcategoryDeleteBody = z.infer<typeof subcategoryDeleteBodySchema>;
