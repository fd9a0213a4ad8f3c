import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './RadioOption.module.css';

export { classes as radioClasses };

/**
 * One pictured choice of a radio group (a colour swatch, an icon tile): a native radio over the picture, named
 * by `label` (also its tooltip). The picture follows the input, so `input:checked + .picture` styles it.
 */
export function RadioOption({
  name,
  value,
  checked,
  onSelect,
  label,
  openDelay,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  label: string;
  openDelay?: number;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={openDelay}>
      <label className={classes.option}>
        <input
          type="radio"
          name={name}
          value={value}
          checked={checked}
          onChange={onSelect}
          aria-label={label}
        />
        {children}
      </label>
    </Tooltip>
  );
}
