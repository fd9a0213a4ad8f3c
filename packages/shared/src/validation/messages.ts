import type { LocaleCode } from '../constants.ts';
import { translate } from '../i18n/index.ts';
import type { ValidationFailure } from './validate.ts';

/**
 * The message of a failure in a language, from the validation namespace; a rule without its own text
 * falls back to '{field} is not valid'. (The web app translates the same keys with its own
 * translator, apps/web/src/lib/i18n.ts.)
 */
export function validationMessage(locale: LocaleCode, field: string, failure: ValidationFailure): string {
  const params = { ...failure.params, field };
  try {
    return translate(locale, `validation.rules.${failure.rule}`, params);
  } catch {
    return translate(locale, 'validation.default', params);
  }
}
