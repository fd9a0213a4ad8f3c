import { Box, type BoxProps } from '@mantine/core';

/**
 * The small round mark of an account's or a category's colour beside its name. Without a colour it is a hollow
 * ring (a fallback colour can be passed instead). Decorative: the name says what it is.
 */
export function ColorDot({ color, size = 12, ...box }: { color: string | null; size?: number } & BoxProps) {
  return (
    <Box
      component="span"
      aria-hidden
      w={size}
      h={size}
      style={{
        display: 'inline-block',
        borderRadius: '50%',
        flex: 'none',
        background: color ?? 'transparent',
        border: color ? undefined : '2px solid var(--mantine-color-dimmed)',
      }}
      {...box}
    />
  );
}
