import {
  errorBodySchema,
  ruleApplySchema,
  ruleBodySchema,
  ruleListSchema,
  ruleOrderBodySchema,
  rulePreviewBodySchema,
  rulePreviewSchema,
  ruleSchema,
} from '@centavo/shared';
import type { App } from '../../lib/http.ts';
import { rowRoutes } from '../../lib/routes.ts';
import { applyRule, previewRule } from './apply.service.ts';
import { createRule, getRule, listRules, orderRules, removeRule, replaceRule } from './rules.service.ts';

const tags = ['rules'];
const errors = { 404: errorBodySchema, 422: errorBodySchema };
const rows = rowRoutes(tags, errors);

/** Rules (DESIGN.md §9, docs/decisions/rules.md). */
export async function ruleRoutes(app: App): Promise<void> {
  app.get(
    '/rule',
    {
      schema: {
        summary: 'Rules, in the order they run',
        operationId: 'listRules',
        tags,
        response: { 200: ruleListSchema },
      },
    },
    async (request) => ({ data: await listRules(app.db, request.user.id) }),
  );
  app.post(
    '/rule',
    rows.create({ summary: 'Create a rule', operationId: 'createRule', body: ruleBodySchema }, ruleSchema),
    async (request, reply) => reply.status(201).send(await createRule(app.db, request.user.id, request.body)),
  );
  app.post(
    '/rule/preview',
    {
      config: { access: 'read' },
      schema: {
        summary: 'The existing entries some conditions match',
        operationId: 'previewRule',
        tags,
        description: 'Count, uncategorised count and the first page (newest first); nothing is written.',
        body: rulePreviewBodySchema,
        response: { 200: rulePreviewSchema, ...errors },
      },
    },
    async (request) => previewRule(app.db, request.user.id, request.body),
  );
  app.put(
    '/rule/order',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Reorder the rules',
        operationId: 'orderRules',
        tags,
        description: 'Every rule id once, in the order they should run; priorities become 0, 1, 2…',
        body: ruleOrderBodySchema,
        response: { 200: ruleListSchema, ...errors },
      },
    },
    async (request) => ({ data: await orderRules(app.db, request.user.id, request.body) }),
  );
  app.get(
    '/rule/:id',
    rows.get({ summary: 'One rule', operationId: 'getRule' }, ruleSchema),
    async (request) => getRule(app.db, request.user.id, request.params.id),
  );
  app.put(
    '/rule/:id',
    rows.update({ summary: 'Replace a rule', operationId: 'replaceRule', body: ruleBodySchema }, ruleSchema),
    async (request) => replaceRule(app.db, request.user.id, request.params.id, request.body),
  );
  app.delete(
    '/rule/:id',
    rows.remove({ summary: 'Delete a rule', operationId: 'deleteRule' }),
    async (request, reply) => {
      await removeRule(app.db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/rule/:id/apply',
    rows.update(
      {
        summary: 'Apply a rule to the uncategorised entries',
        operationId: 'applyRule',
        description: 'One transaction; balances, budgets and reports follow; an account-log line.',
      },
      ruleApplySchema,
    ),
    async (request) => applyRule(app.db, request.user.id, request.params.id, request),
  );
}
