import type { Generated } from 'kysely';

export interface LanguagesTable {
  id: number;
  code: string;
  name: string;
}
export interface CurrenciesTable {
  id: number;
  code: string;
  name: string;
  decimals: number;
}
export interface CountriesTable {
  id: number;
  code: string;
  name: string;
}
export interface BanksTable {
  id: number;
  code: string | null;
  name: string;
}
export interface FlagsTable {
  id: number;
  name: string;
}
export type CategoryType = 'income' | 'expense' | 'investment' | 'transfer';
export interface CategoriesTable {
  id: Generated<number>;
  /** null for the system categories (read-only, shared by everybody). */
  user_id: number | null;
  name: string;
  /** Portuguese name of a system category; null for a user's own (shown as typed). */
  name_br: string | null;
  type: CategoryType;
  color: string | null;
  icon: string | null;
  system: number;
  created_at: string;
  updated_at: string;
}
export interface SubcategoriesTable {
  id: Generated<number>;
  category_id: number;
  user_id: number | null;
  name: string;
  name_br: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReferenceTables {
  languages: LanguagesTable;
  currencies: CurrenciesTable;
  countries: CountriesTable;
  banks: BanksTable;
  flags: FlagsTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
}
