import { Anchor, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { paths } from '../app/paths.ts';
import { i18n } from './i18n.ts';
import { navigate } from './navigation.ts';

/**
 * Issue 23 #7: a change refused because the plan has ended (403 SUBSCRIPTION_REQUIRED) is said where it was
 * tried — the form stays open with what was typed — with the way to renew, instead of leaving the page.
 */
export function planEndedText(): string {
  return i18n.t('common:errors.planEnded');
}

/** The message and a link to the upgrade page (an in-app navigation, so an open form is left only on purpose). */
export function PlanEndedMessage() {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate(paths.configs.upgrade);
  };
  return (
    <Stack gap={4} data-testid="plan-ended">
      <Text fz="sm">{planEndedText()}</Text>
      <Anchor href={paths.configs.upgrade} onClick={open} fz="sm" fw={600} c="inherit" underline="always">
        {i18n.t('common:errors.renew')}
      </Anchor>
    </Stack>
  );
}
