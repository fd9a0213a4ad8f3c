import { z } from 'zod';
import { apiMessage } from '../errors.ts';
import { centsSchema, idSchema, timestampSchema } from './common.ts';
import { entrySchema } from './entries.ts';

/** Rules (DESIGN.md §9): conditions over what an entry or an import row says, actions that fill it in. */
export const RULE_FIELDS = ['description', 'value', 'account_id', 'card_id', 'operation_id'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export const RULE_OPS = [
  'contains',
  'is',
  'starts_with',
  'ends_with',
  'matches',
  'between',
  'gt',
  'lt',
  'one_of',
] as const;
export type RuleOp = (typeof RULE_OPS)[number];

/** Which operators each field takes: text operators on the description, comparisons on the value, ids by equality. */
export const RULE_OPS_BY_FIELD: Record<RuleField, readonly RuleOp[]> = {
  description: ['contains', 'is', 'starts_with', 'ends_with', 'matches', 'one_of'],
  value: ['is', 'gt', 'lt', 'between', 'one_of'],
  account_id: ['is', 'one_of'],
  card_id: ['is', 'one_of'],
  operation_id: ['is', 'one_of'],
};

/** Text compared (and regular expressions) are capped: a rule never reads more than this of a description. */
export const RULE_TEXT_MAX = 200;
/** The part of a description a rule reads (descriptions are at most 255 characters; imports' may be longer). */
export const RULE_SUBJECT_MAX = 500;
export const RULE_CONDITIONS_MAX = 20;

const ruleText = z.string().trim().min(1).max(RULE_TEXT_MAX);

/**
 * One condition. `value` is text (description), cents (value), an id (account, card, operation), a list of
 * them (`one_of`) or `[min, max]` cents (`between`, both included). The field and the operator must go together
 * and the value must fit the operator (422 naming `op` or `value`).
 */
export const ruleConditionSchema = z
  .strictObject({
    field: z.enum(RULE_FIELDS),
    op: z.enum(RULE_OPS),
    value: z.union([
      ruleText,
      centsSchema,
      z.array(ruleText).min(1).max(50),
      z.array(centsSchema).min(1).max(50),
    ]),
  })
  .superRefine((c, ctx) => {
    if (!RULE_OPS_BY_FIELD[c.field].includes(c.op)) {
      ctx.addIssue({ code: 'custom', path: ['op'], message: apiMessage('ruleOpForField') });
      return;
    }
    if (!conditionValueFits(c.field, c.op, c.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: apiMessage('ruleValue') });
    }
  });
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

function conditionValueFits(field: RuleField, op: RuleOp, value: unknown): boolean {
  const isText = (v: unknown) => typeof v === 'string';
  const isNumber = (v: unknown) => typeof v === 'number';
  const isId = (v: unknown) => typeof v === 'number' && v > 0;
  const single = field === 'description' ? isText : field === 'value' ? isNumber : isId;
  if (op === 'one_of') return Array.isArray(value) && value.every(single);
  if (op === 'between') {
    return (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every(isNumber) &&
      (value[0] as number) <= (value[1] as number)
    );
  }
  return single(value);
}

/** What a matching rule sets. Tags are added to the entry's; the rest replace what the entry has. */
export const ruleActionsSchema = z
  .strictObject({
    category_id: idSchema.nullable().optional(),
    sub_category_id: idSchema.nullable().optional(),
    tags: z.array(idSchema).max(20).optional(),
    description: z.string().trim().min(1).max(255).optional(),
    /** 1 income, 2 expense: the only operations a rule may set (an uncategorised entry is one of them). */
    operation_id: z.union([z.literal(1), z.literal(2)]).optional(),
  })
  .refine(
    (a) =>
      a.category_id != null || (a.tags?.length ?? 0) > 0 || a.description != null || a.operation_id != null,
    { message: apiMessage('ruleNoAction') },
  )
  .refine((a) => a.sub_category_id == null || a.category_id != null, {
    path: ['sub_category_id'],
    message: apiMessage('belongsToCategory'),
  });
export type RuleActions = z.infer<typeof ruleActionsSchema>;

export const ruleMatchSchema = z.enum(['all', 'any']);
export type RuleMatch = z.infer<typeof ruleMatchSchema>;

const ruleConditionsSchema = z.array(ruleConditionSchema).min(1).max(RULE_CONDITIONS_MAX);

/** POST /rule and PUT /rule/{id} (the whole rule). Without a priority a new rule goes last. */
export const ruleBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  match: ruleMatchSchema.default('all'),
  conditions: ruleConditionsSchema,
  actions: ruleActionsSchema,
  /** Rules run in ascending priority (then by id); the first match wins per action. */
  priority: z.number().int().min(0).max(1_000_000).optional(),
  enabled: z.boolean().default(true),
  /** Also runs on entries created without a category (POST /entry). */
  on_create: z.boolean().default(false),
});
export type RuleBody = z.infer<typeof ruleBodySchema>;
export type RuleBodyInput = z.input<typeof ruleBodySchema>;

export const ruleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  match: ruleMatchSchema,
  conditions: z.array(
    z.object({
      field: z.enum(RULE_FIELDS),
      op: z.enum(RULE_OPS),
      value: z.union([z.string(), z.number(), z.array(z.string()), z.array(z.number())]),
    }),
  ),
  actions: z.object({
    category_id: z.number().int().nullable().optional(),
    sub_category_id: z.number().int().nullable().optional(),
    tags: z.array(z.number().int()).optional(),
    description: z.string().optional(),
    operation_id: z.number().int().optional(),
  }),
  priority: z.number().int(),
  enabled: z.boolean(),
  on_create: z.boolean(),
  /** How many entries and import rows the rule has categorised (imports staged, creates, applies). */
  match_count: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Rule = z.infer<typeof ruleSchema>;
export const ruleListSchema = z.object({ data: z.array(ruleSchema) });

/** PUT /rule/order: every rule id of the user's, in the order they should run. */
export const ruleOrderBodySchema = z.strictObject({ ids: z.array(idSchema).min(1).max(1000) });
export type RuleOrderBody = z.infer<typeof ruleOrderBodySchema>;

/** POST /rule/preview: the existing entries these conditions match (all of them, categorised or not). */
export const rulePreviewBodySchema = z.strictObject({
  match: ruleMatchSchema.default('all'),
  conditions: ruleConditionsSchema,
  per_page: z.number().int().min(1).max(200).default(50),
});
export type RulePreviewBody = z.input<typeof rulePreviewBodySchema>;

export const rulePreviewSchema = z.object({
  /** Entries matched. */
  count: z.number().int(),
  /** Of those, the uncategorised ones: what POST /rule/{id}/apply would categorise. */
  uncategorised: z.number().int(),
  /** The first page, newest first. */
  data: z.array(entrySchema),
});
export type RulePreview = z.infer<typeof rulePreviewSchema>;

/** POST /rule/{id}/apply: how many uncategorised entries the rule changed. */
export const ruleApplySchema = z.object({ updated: z.number().int() });
export type RuleApplyResult = z.infer<typeof ruleApplySchema>;
