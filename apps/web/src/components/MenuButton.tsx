import { Button, Menu } from '@mantine/core';
import type { ReactNode } from 'react';

/** A button that opens a menu of actions under its right edge (a page's "Export", "Actions"). */
export function MenuButton({
  label,
  icon,
  children,
}: {
  label: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={icon}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
