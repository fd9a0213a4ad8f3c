import type { Generated } from 'kysely';

/** Rules (DESIGN.md §9, migration 017_rules). */
export interface RulesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** all | any. */
  match: string;
  /** JSON of the conditions (the contract's RuleCondition[]). */
  conditions: string;
  /** JSON of the actions (the contract's RuleActions). */
  actions: string;
  priority: number;
  enabled: number;
  on_create: number;
  match_count: number;
  created_at: string;
  updated_at: string;
}

export interface RuleTables {
  rules: RulesTable;
}
