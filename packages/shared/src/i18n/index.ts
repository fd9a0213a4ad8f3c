import type { LocaleCode } from '../constants.ts';
import { br } from './br/index.ts';
import { en } from './en/index.ts';

export const resources = { en, br } as const satisfies Record<LocaleCode, object>;
export type Namespace = keyof typeof en;
export const NAMESPACES = Object.keys(en) as Namespace[];

/** Looks up `ns.key.path` in a catalogue and fills `{name}` placeholders; for server-side texts (mail). */
export function translate(
  locale: LocaleCode,
  key: string,
  params: Record<string, string | number> = {},
): string {
  let node: unknown = resources[locale];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`Missing translation ${locale}:${key}`);
  return node.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** Every leaf key path of a catalogue ("auth.login.title"); the parity test compares en and br with it. */
export function catalogueKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => catalogueKeys(v, prefix ? `${prefix}.${k}` : k));
}
