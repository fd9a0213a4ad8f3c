import type { Tag } from '@centavo/shared';
import { foldText } from '@centavo/shared/text';

/** Lower case without accents, so "ferias" finds "Férias" (the same folding as every search). */
export function normalizeTagText(text: string): string {
  return foldText(text);
}

/** Tags whose name contains the search, sorted by name (locale-aware). */
export function filterTags(tags: readonly Tag[], search: string, locale: string): Tag[] {
  const q = normalizeTagText(search);
  return tags
    .filter((tag) => !q || normalizeTagText(tag.name).includes(q))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

export type TagNameProblem = 'required' | 'comma' | 'tooLong';

/** The API's rules for a tag name (contracts/tags.ts), checked before sending so the message is translated. */
export function tagNameProblem(name: string): TagNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (trimmed.includes(',')) return 'comma';
  if (trimmed.length > 50) return 'tooLong';
  return null;
}

/**
 * What the rename and delete dialogs are given. The tag stays set while its dialog closes, so the title does
 * not change during the closing transition; `opened` alone says whether it shows.
 */
export interface TagDialogProps {
  tag: Tag | null;
  opened: boolean;
  onClose: () => void;
}
