import {
  errorBodySchema,
  idParamsSchema,
  ruleApplySchema,
  ruleBodySchema,
  ruleListSchema,
  ruleOrderBodySchema,
  rulePreviewBodySchema,
  rulePreviewSchema,
  ruleSchema,
} from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import { applyRule, previewRule } from './apply.service.ts';
import { createRule, getRule, listRules, orderRules, removeRule, replaceRule } from './rules.service.ts';

const tags = ['rules'];
const errors = { 404: errorBodySchema, 422: errorBodySchema };

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
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Create a rule',
        operationId: 'createRule',
        tags,
        body: ruleBodySchema,
        response: { 201: ruleSchema, ...errors },
      },
    },
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
    {
      schema: {
        summary: 'One rule',
        operationId: 'getRule',
        tags,
        params: idParamsSchema,
        response: { 200: ruleSchema, ...errors },
      },
    },
    async (request) => getRule(app.db, request.user.id, request.params.id),
  );
  app.put(
    '/rule/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Replace a rule',
        operationId: 'replaceRule',
        tags,
        params: idParamsSchema,
        body: ruleBodySchema,
        response: { 200: ruleSchema, ...errors },
      },
    },
    async (request) => replaceRule(app.db, request.user.id, request.params.id, request.body),
  );
  app.delete(
    '/rule/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Delete a rule',
        operationId: 'deleteRule',
        tags,
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeRule(app.db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/rule/:id/apply',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Apply a rule to the uncategorised entries',
        operationId: 'applyRule',
        tags,
        description: 'One transaction; balances, budgets and reports follow; an account-log line.',
        params: idParamsSchema,
        response: { 200: ruleApplySchema, ...errors },
      },
    },
    async (request) => applyRule(app.db, request.user.id, request.params.id, request),
  );
}
