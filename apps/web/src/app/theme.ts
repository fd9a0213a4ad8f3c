import { BREAKPOINTS } from '@centavo/shared/constants';
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { foldingFilter } from '../lib/search-filter.ts';

declare module '@mantine/core' {
  // The spec's image widths add an xxl breakpoint to Mantine's five.
  export interface MantineThemeSizesOverride {
    breakpoints: Record<keyof typeof BREAKPOINTS, string>;
  }
}

/** Mantine expects breakpoints in em; the spec gives px (16 px = 1 em). */
function toEm(px: number): string {
  return `${px / 16}em`;
}

export const breakpoints = {
  xs: toEm(BREAKPOINTS.xs),
  sm: toEm(BREAKPOINTS.sm),
  md: toEm(BREAKPOINTS.md),
  lg: toEm(BREAKPOINTS.lg),
  xl: toEm(BREAKPOINTS.xl),
  xxl: toEm(BREAKPOINTS.xxl),
} satisfies Record<keyof typeof BREAKPOINTS, string>;

/** Centavo green: a calm money colour whose shade 7 keeps 4.5:1 contrast with white text. */
const centavo: MantineColorsTuple = [
  '#e6fbf3',
  '#d3f3e6',
  '#a8e6cc',
  '#79d8b0',
  '#52cc99',
  '#39c48a',
  '#26b37b',
  '#0b7a5f',
  '#0a6a53',
  '#075343',
];

export const theme = createTheme({
  primaryColor: 'centavo',
  // People who ask their system for less motion get none: modals, menus and toasts appear in place.
  respectReducedMotion: true,
  // Shades 7 and 8 keep white button text above 4.5:1 in both schemes.
  primaryShade: { light: 7, dark: 8 },
  colors: { centavo },
  breakpoints,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  // Searching a list ignores accents and case everywhere (issue 13 #10). Plain objects, not
  // Select.extend(): importing the components here would pull them into the first page's bundle.
  components: {
    Autocomplete: { defaultProps: { filter: foldingFilter } },
    MultiSelect: { defaultProps: { filter: foldingFilter } },
    Select: { defaultProps: { filter: foldingFilter } },
    TagsInput: { defaultProps: { filter: foldingFilter } },
  },
});

/**
 * Mantine's default dimmed text (gray 6 on white) is 3.3:1, below WCAG AA; these shades reach 4.5:1 on the
 * body and on light surfaces in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  // Red buttons (delete) with white text: Mantine's red 6 is 3.5:1; red 8 is above 4.5:1.
  variables: {
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
  },
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // Light badges (invoice status, "Refund") on their tinted background: Mantine's shade 6 text is 2–3:1
    // there; these reach 4.5:1 (issue 23: axe on the card page with a partial payment and a refund).
    '--mantine-color-teal-light-color': '#06654a',
    '--mantine-color-orange-light-color': '#a63c06',
    '--mantine-color-yellow-light-color': '#7a5300',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
  },
  dark: { '--mantine-color-dimmed': '#aeb4ba', '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
