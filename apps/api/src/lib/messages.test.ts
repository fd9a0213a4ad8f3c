import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resources, SUBSCRIPTION_REQUIRED_MESSAGE } from '@centavo/shared';
// Vite's TypeScript parser (oxc, through rolldown); the typescript package (7) has no parser API.
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { acceptLanguageLocale, findMessage, translateMessage, validationIssueMessage } from './messages.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

describe('request language', () => {
  it('takes the best supported Accept-Language, any pt as br, else English', () => {
    expect(acceptLanguageLocale(undefined)).toBe('en');
    expect(acceptLanguageLocale('')).toBe('en');
    expect(acceptLanguageLocale('pt-BR,pt;q=0.9,en;q=0.8')).toBe('br');
    expect(acceptLanguageLocale('pt')).toBe('br');
    expect(acceptLanguageLocale('pt-PT')).toBe('br');
    expect(acceptLanguageLocale('br')).toBe('br');
    expect(acceptLanguageLocale('en-US,en;q=0.9,pt-BR;q=0.8')).toBe('en');
    expect(acceptLanguageLocale('de-DE,pt;q=0.5')).toBe('br');
    expect(acceptLanguageLocale('en;q=0.4,pt-BR;q=0.6')).toBe('br');
    expect(acceptLanguageLocale('fr, de')).toBe('en');
    expect(acceptLanguageLocale('pt;q=0')).toBe('en');
  });
});

describe('message translation', () => {
  it('translates exact messages and templates, with known terms in their values', () => {
    expect(translateMessage('br', 'The tag already exists')).toBe('A tag já existe');
    expect(translateMessage('en', 'The tag already exists')).toBe('The tag already exists');
    expect(translateMessage('br', 'must be a category of type expense for this operation')).toBe(
      'deve ser uma categoria de despesa para esta operação',
    );
    expect(
      translateMessage('br', 'The account has 3 entries; pass delete_entries=true to delete them too'),
    ).toBe('A conta tem 3 lançamentos; envie delete_entries=true para excluí-los também');
  });

  it('keeps the subscription message exact, which the web app matches (DESIGN.md §2)', () => {
    expect(translateMessage('br', SUBSCRIPTION_REQUIRED_MESSAGE)).toBe(SUBSCRIPTION_REQUIRED_MESSAGE);
  });

  it('has one key per English message, so a message id is never ambiguous', () => {
    const texts = Object.values(resources.en.api.messages);
    expect(texts.length).toBe(new Set(texts).size);
  });

  it('words zod issues like the validation rule catalogue', () => {
    const issue = { keyword: 'too_small', params: { origin: 'string', minimum: 8, inclusive: true } };
    expect(validationIssueMessage('en', 'password', issue, 'short')).toBe(
      'The password field must be at least 8 characters',
    );
    expect(validationIssueMessage('br', 'password', issue, 'short')).toBe(
      'O campo senha deve ter no mínimo 8 caracteres',
    );
    const missing = { keyword: 'invalid_type', params: { expected: 'string' } };
    expect(validationIssueMessage('br', 'description', missing, undefined)).toBe(
      'O campo descrição é obrigatório',
    );
    expect(validationIssueMessage('en', 'description', missing, 12)).toBe(
      'The description field must be text',
    );
  });
});

// ---- Every message the server can send must be in the catalogue -------------------------------------

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    if (Array.isArray(value)) out.push(...value.filter(isNode));
    else if (isNode(value)) out.push(value);
  }
  return out;
}

function walk(node: Node, visit: (node: Node, parents: Node[]) => void, parents: Node[] = []): void {
  visit(node, parents);
  for (const child of children(node)) walk(child, visit, [...parents, node]);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      !entry.name.includes('test-helpers')
      ? [path]
      : [];
  });
}

/** A message as found in code: its text, or its shape ("must be a {} category") when parts are computed. */
interface Found {
  text: string;
  shape: boolean;
  where: string;
}

const HELPERS = new Set(['notFound', 'unauthenticated', 'conflict', 'validationError', 'translateMessage']);

function calleeName(node: Node): string | null {
  const callee = node.callee as Node | undefined;
  if (callee?.type === 'Identifier') return callee.name as string;
  return null;
}

function functionName(fn: Node, parents: Node[]): string | null {
  if (fn.type === 'FunctionDeclaration') return ((fn.id as Node | null)?.name as string) ?? null;
  const parent = parents.at(-1);
  if (parent?.type === 'VariableDeclarator') return ((parent.id as Node).name as string) ?? null;
  return null;
}

function paramName(param: Node): { name: string; fallback: unknown } | null {
  if (param.type === 'Identifier') return { name: param.name as string, fallback: undefined };
  if (param.type === 'AssignmentPattern' && (param.left as Node).type === 'Identifier') {
    const right = param.right as Node;
    return {
      name: (param.left as Node).name as string,
      fallback: right.type === 'Literal' ? right.value : undefined,
    };
  }
  return null;
}

/** Messages an API source file passes to the error helpers (`new AppError`, `notFound`, …). */
function apiMessages(source: string, where: string): Found[] {
  const program = parseAst(source, { lang: 'ts' }) as unknown as Node;
  const found: Found[] = [];
  // Local functions and variables, so helpers built on the error helpers are followed to their callers.
  const functions = new Map<string, { fn: Node; parents: Node[] }>();
  const calls: { name: string; node: Node }[] = [];
  const declarators = new Map<string, Node>();
  const assignments: { object: string; value: Node }[] = [];
  walk(program, (node, parents) => {
    if (['FunctionDeclaration', 'ArrowFunctionExpression', 'FunctionExpression'].includes(node.type)) {
      const name = functionName(node, parents);
      if (name) functions.set(name, { fn: node, parents });
    }
    if (node.type === 'CallExpression') {
      const name = calleeName(node);
      if (name) calls.push({ name, node });
    }
    if (node.type === 'VariableDeclarator' && (node.id as Node).type === 'Identifier' && node.init) {
      declarators.set((node.id as Node).name as string, node.init as Node);
    }
    if (node.type === 'AssignmentExpression' && (node.left as Node).type === 'MemberExpression') {
      const object = ((node.left as Node).object as Node) ?? {};
      if (object.type === 'Identifier')
        assignments.push({ object: object.name as string, value: node.right as Node });
    }
  });

  const enclosingFunction = (parents: Node[]) => {
    for (let i = parents.length - 1; i >= 0; i--) {
      const p = parents[i] as Node;
      if (['FunctionDeclaration', 'ArrowFunctionExpression', 'FunctionExpression'].includes(p.type)) {
        return { fn: p, name: functionName(p, parents.slice(0, i)) };
      }
    }
    return null;
  };

  /** Values a template can take when its parts are parameters of a local function called with literals. */
  const expandTemplate = (node: Node, parents: Node[]): string[] | null => {
    const enclosing = enclosingFunction(parents);
    if (!enclosing) return null;
    const params = (enclosing.fn.params as Node[]).map(paramName);
    const names = params.map((p) => p?.name);
    const exprs = node.expressions as Node[];
    const partOf = (expr: Node): { index: number; lower: boolean } | null => {
      if (expr.type === 'Identifier') {
        const index = names.indexOf(expr.name as string);
        return index === -1 ? null : { index, lower: false };
      }
      const callee = expr.callee as Node | undefined;
      if (
        expr.type === 'CallExpression' &&
        callee?.type === 'MemberExpression' &&
        (callee.property as Node).name === 'toLowerCase' &&
        (callee.object as Node).type === 'Identifier'
      ) {
        const index = names.indexOf((callee.object as Node).name as string);
        return index === -1 ? null : { index, lower: true };
      }
      return null;
    };
    const parts = exprs.map(partOf);
    if (parts.some((p) => p === null) || !enclosing.name) return null;
    const quasis = (node.quasis as Node[]).map((q) => (q.value as { cooked: string }).cooked);
    const argumentLists: unknown[][] = calls
      .filter((c) => c.name === enclosing.name)
      .map((c) => (c.node.arguments as Node[]).map((a) => (a.type === 'Literal' ? a.value : undefined)));
    const defaults = params.map((p) => p?.fallback);
    if (defaults.some((d) => d !== undefined)) argumentLists.push([]);
    const values: string[] = [];
    for (const args of argumentLists) {
      let text = quasis[0] ?? '';
      let complete = true;
      parts.forEach((part, i) => {
        const p = part as { index: number; lower: boolean };
        const value = args[p.index] ?? defaults[p.index];
        if (typeof value !== 'string') complete = false;
        else text += (p.lower ? value.toLowerCase() : value) + (quasis[i + 1] ?? '');
      });
      if (complete) values.push(text);
    }
    // Called only with computed values elsewhere: those callers are checked where they call.
    return values.length > 0 || argumentLists.length > 0 ? values : null;
  };

  const collect = (node: Node, parents: Node[], seen = new Set<Node>()): void => {
    if (seen.has(node)) return;
    seen.add(node);
    switch (node.type) {
      case 'Literal':
        if (typeof node.value === 'string') found.push({ text: node.value, shape: false, where });
        return;
      case 'TemplateLiteral': {
        const expanded = expandTemplate(node, parents);
        if (expanded) {
          for (const text of expanded) found.push({ text, shape: false, where });
          return;
        }
        const quasis = (node.quasis as Node[]).map((q) => (q.value as { cooked: string }).cooked);
        found.push({ text: quasis.join('{}'), shape: quasis.length > 1, where });
        return;
      }
      case 'ObjectExpression':
        for (const property of node.properties as Node[]) {
          if (property.type === 'Property') collect(property.value as Node, parents, seen);
        }
        return;
      case 'ArrayExpression':
        for (const element of node.elements as (Node | null)[]) if (element) collect(element, parents, seen);
        return;
      case 'ConditionalExpression':
        collect(node.consequent as Node, parents, seen);
        collect(node.alternate as Node, parents, seen);
        return;
      case 'Identifier': {
        const name = node.name as string;
        const enclosing = enclosingFunction(parents);
        const param = enclosing
          ? (enclosing.fn.params as Node[]).map(paramName).find((p) => p?.name === name)
          : undefined;
        if (param) {
          // A parameter: its default is a message; the values callers pass are checked at the call.
          if (typeof param.fallback === 'string') found.push({ text: param.fallback, shape: false, where });
          return;
        }
        const init = declarators.get(name);
        if (init) collect(init, parents, seen);
        for (const a of assignments) if (a.object === name) collect(a.value, parents, seen);
        return;
      }
      case 'CallExpression': {
        // A local function that returns messages (requestErrorMessage in the error handler).
        const local = functions.get(calleeName(node) ?? '');
        if (!local) return;
        walk(local.fn, (inner, innerParents) => {
          if (inner.type === 'ReturnStatement' && inner.argument) {
            collect(inner.argument as Node, [...local.parents, ...innerParents], seen);
          }
        });
        return;
      }
    }
  };

  walk(program, (node, parents) => {
    if (node.type === 'NewExpression' && calleeName(node) === 'AppError') {
      // new AppError(status, code, message, errors?)
      for (const arg of (node.arguments as Node[]).slice(2)) collect(arg, [...parents, node]);
    }
    if (node.type === 'CallExpression') {
      const name = calleeName(node);
      if (!name || !HELPERS.has(name)) return;
      const args = node.arguments as Node[];
      if (name === 'translateMessage') {
        if (args[1]) collect(args[1], [...parents, node]);
      } else if (name === 'notFound') {
        const what = args[0];
        if (what?.type === 'Literal') found.push({ text: `${what.value} not found`, shape: false, where });
      } else {
        for (const arg of args) collect(arg, [...parents, node]);
      }
    }
  });
  return found;
}

const MESSAGE_CHECKS = new Set([
  'refine',
  'superRefine',
  'min',
  'max',
  'length',
  'gt',
  'gte',
  'lt',
  'lte',
  'regex',
]);
const MESSAGE_FIRST = new Set([
  'email',
  'url',
  'int',
  'positive',
  'negative',
  'nonnegative',
  'nonpositive',
  'nonempty',
]);

/** Custom zod messages in the contracts: `{ message }`/`{ error }` options and string message arguments. */
function contractMessages(file: string): Found[] {
  const program = parseAst(readFileSync(file, 'utf8'), { lang: 'ts' }) as unknown as Node;
  const where = relative(root, file);
  const found: Found[] = [];
  walk(program, (node) => {
    if (
      node.type === 'Property' &&
      ['message', 'error'].includes(((node.key as Node).name as string) ?? '')
    ) {
      const value = node.value as Node;
      if (value.type === 'Literal' && typeof value.value === 'string') {
        found.push({ text: value.value, shape: false, where });
      }
      if (value.type === 'TemplateLiteral') {
        const quasis = (value.quasis as Node[]).map((q) => (q.value as { cooked: string }).cooked);
        found.push({ text: quasis.join('{}'), shape: quasis.length > 1, where });
      }
    }
    const callee = node.callee as Node | undefined;
    if (node.type === 'CallExpression' && callee?.type === 'MemberExpression') {
      const method = (callee.property as Node).name as string;
      const from = MESSAGE_FIRST.has(method) ? 0 : MESSAGE_CHECKS.has(method) ? 1 : null;
      if (from === null) return;
      for (const arg of (node.arguments as Node[]).slice(from)) {
        if (arg.type === 'Literal' && typeof arg.value === 'string')
          found.push({ text: arg.value, shape: false, where });
      }
    }
  });
  return found;
}

const shapes = new Set(Object.values(resources.en.api.messages).map((m) => m.replace(/\{\w+\}/g, '{}')));
const covered = (m: Found) => (m.shape ? shapes.has(m.text) : findMessage(m.text) !== null);

describe('server message catalogue', () => {
  const api = tsFiles(join(root, 'apps/api/src')).flatMap((file) =>
    apiMessages(readFileSync(file, 'utf8'), relative(root, file)),
  );
  const contracts = tsFiles(join(root, 'packages/shared/src/contracts')).flatMap(contractMessages);

  it('finds the messages (the scan itself works)', () => {
    const texts = api.map((m) => m.text);
    for (const known of [
      'Unauthenticated',
      'Resource not found',
      'The given data was invalid',
      'The tag already exists',
      'already exists',
      'Account not found',
      'Category is a system category and cannot be changed',
      'The selected language is invalid',
      'The account has {} entries; pass delete_entries=true to delete them too',
      'Route {} {} not found',
      'The request body is not valid JSON',
    ]) {
      expect(texts, known).toContain(known);
    }
    expect(contracts.map((m) => m.text)).toContain('must not contain a comma');
    expect(contracts.map((m) => m.text)).toContain('confirmation does not match');
  });

  it('reports a message the catalogue lacks, through local helpers and variables too', () => {
    const source = `
      function gone(what: string) { return new AppError(404, 'NOT_FOUND', \`\${what} went away\`); }
      const fields: Record<string, string> = {};
      fields.name = 'is far too odd';
      export function f(count: number) {
        if (count) throw conflict(\`Has \${count} odd things\`, { name: ['already exists'] });
        if (!count) throw gone('Budget');
        throw validationError(fields);
      }`;
    const found = apiMessages(source, 'fixture.ts');
    expect(found.filter((m) => !covered(m)).map((m) => m.text)).toEqual([
      'Budget went away',
      'Has {} odd things',
      'is far too odd',
    ]);
  });

  it('has a Portuguese translation of every message the API code throws', () => {
    const missing = api.filter((m) => !covered(m)).map((m) => `${m.where}: "${m.text}"`);
    expect(missing, 'add these to packages/shared/src/i18n/{en,br}/api.ts').toEqual([]);
  });

  it('has a Portuguese translation of every custom message in the contracts', () => {
    const missing = contracts.filter((m) => !covered(m)).map((m) => `${m.where}: "${m.text}"`);
    expect(missing, 'add these to packages/shared/src/i18n/{en,br}/api.ts').toEqual([]);
  });
});
