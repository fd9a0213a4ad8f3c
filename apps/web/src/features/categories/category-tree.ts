import type { Category, CategoryCreateBody, CategoryType, CategoryUpdateBody } from '@centavo/shared';
import { USER_CATEGORY_TYPES } from '@centavo/shared/contracts/categories';

/** The types a user can pick (transfer belongs to system category 1 only). */
export type UserCategoryType = (typeof USER_CATEGORY_TYPES)[number];

export const DEFAULT_CATEGORY_TYPE: UserCategoryType = 'expense';

/** Expenses first: they are what people categorise most. */
export const CATEGORY_TAB_ORDER: readonly UserCategoryType[] = ['expense', 'income', 'investment'];

export function isUserCategoryType(value: string | null | undefined): value is UserCategoryType {
  return typeof value === 'string' && (USER_CATEGORY_TYPES as readonly string[]).includes(value);
}

/** The tab shown, from `?type=`; anything else falls back to expenses. */
export function readCategoryType(params: URLSearchParams): UserCategoryType {
  const type = params.get('type');
  return isUserCategoryType(type) ? type : DEFAULT_CATEGORY_TYPE;
}

const byName = (a: Category, b: Category) => a.name.localeCompare(b.name);

/** The user's and the system categories of one type, each sorted by name. */
export function splitCategories(
  categories: readonly Category[],
  type: CategoryType,
): { own: Category[]; system: Category[] } {
  const ofType = categories.filter((c) => c.type === type);
  return {
    own: ofType.filter((c) => !c.system).sort(byName),
    system: ofType.filter((c) => c.system).sort(byName),
  };
}

/** Where a deleted category's entries may go: another category of the same type (own ones first). */
export function replacementCandidates(categories: readonly Category[], deleted: Category): Category[] {
  const { own, system } = splitCategories(categories, deleted.type);
  return [...own, ...system].filter((c) => c.id !== deleted.id);
}

export interface CategoryFormValues extends Record<string, unknown> {
  name: string;
  type: UserCategoryType;
  color: string;
  /** A CATEGORY_ICONS name or '' for none. */
  icon: string;
}

export function categoryFormValues(category: Category | null, type: UserCategoryType): CategoryFormValues {
  if (!category) return { name: '', type, color: '', icon: '' };
  return {
    name: category.name,
    type: isUserCategoryType(category.type) ? category.type : type,
    color: category.color ?? '',
    icon: category.icon ?? '',
  };
}

/** Form values → POST body. */
export function categoryCreateBody(values: CategoryFormValues): CategoryCreateBody {
  return {
    name: values.name.trim(),
    type: values.type,
    color: values.color === '' ? null : values.color.toLowerCase(),
    icon: values.icon === '' ? null : values.icon,
  };
}

/** Form values → PUT body with only the changed fields, so an unchanged type never trips the 409. */
export function categoryUpdateBody(values: CategoryFormValues, original: Category): CategoryUpdateBody {
  const next = categoryCreateBody(values);
  const update: CategoryUpdateBody = {};
  if (next.name !== original.name) update.name = next.name;
  if (next.type !== original.type) update.type = next.type;
  if ((next.color ?? null) !== original.color) update.color = next.color ?? null;
  if ((next.icon ?? null) !== original.icon) update.icon = next.icon ?? null;
  return update;
}
