import type { LocaleCode } from '../constants.ts';
import { br } from './br/index.ts';
import { en } from './en/index.ts';

export const resources = { en, br } as const satisfies Record<LocaleCode, object>;
export type Namespace = keyof typeof en;
export const NAMESPACES = Object.keys(en) as Namespace[];

/** Every leaf key path of a catalogue ("auth.login.title"); the parity test compares en and br with it. */
export function catalogueKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => catalogueKeys(v, prefix ? `${prefix}.${k}` : k));
}
