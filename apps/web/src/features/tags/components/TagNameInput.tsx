import { TextInput, type TextInputProps } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { type TagNameProblem, tagNameProblem } from '../tag-list.ts';

const PROBLEM_KEYS: Record<TagNameProblem, string> = {
  required: 'tags.nameRequired',
  comma: 'tags.noComma',
  tooLong: 'tags.tooLong',
};

export function tagProblemMessage(t: TFunction, problem: TagNameProblem): string {
  return t(PROBLEM_KEYS[problem]);
}

/**
 * A failed create/rename as a message under the field: 409 is "already exists" in the interface language;
 * a 422 shows the server's own (translated) message for the name.
 */
export function tagErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.status === 409) return t('tags.exists');
  const nameError = isApiError(error) ? error.errors.name?.[0] : undefined;
  return nameError ?? errorMessage(error);
}

export function TagNameInput(props: TextInputProps) {
  return <TextInput maxLength={50} autoComplete="off" {...props} />;
}

/**
 * A tag name being typed (creating or renaming): its text, its message, the input's props (typing clears
 * the message), `check()` before sending (false, with the message, when the name cannot be a tag) and
 * `failed()` for the server's refusal.
 */
export function useTagName(initial = '') {
  const { t } = useTranslation(['ledger', 'common']);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return {
    name,
    setName,
    setError,
    check(): boolean {
      const problem = tagNameProblem(name);
      if (problem) setError(tagProblemMessage(t, problem));
      return problem === null;
    },
    failed: (failure: unknown) => setError(tagErrorMessage(t, failure)),
    inputProps: {
      value: name,
      error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setName(event.currentTarget.value);
        if (error) setError(null);
      },
    },
  };
}
