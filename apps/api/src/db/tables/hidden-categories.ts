/** A category (system or the user's own) the user hid from the pickers; its history is untouched. */
export interface HiddenCategoriesTable {
  user_id: number;
  category_id: number;
  created_at: string;
}

export interface HiddenCategoryTables {
  hidden_categories: HiddenCategoriesTable;
}
