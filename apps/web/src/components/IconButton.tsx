import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** An icon-only button: `label` names it for screen readers and shows as its tooltip. */
export function IconButton({
  label,
  onClick,
  children,
  ...icon
}: { label: string; onClick: () => void; children: ReactNode } & Omit<ActionIconProps, 'children'>) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick} {...icon}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
