import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Centavo mark: a coin with a stylised cent sign. Decorative; the wordmark carries the name. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="var(--mantine-primary-color-filled)" />
      <circle cx="16" cy="16" r="11.5" fill="none" stroke="#b9f0db" strokeWidth="1.5" opacity="0.8" />
      <path
        d="M20.5 11.2a6 6 0 1 0 0 9.6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path d="M16 7.5v3M16 21.5v3" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      <Text component="span" fw={750} fz={size * 0.66} lh={1} style={{ letterSpacing: '-0.02em' }}>
        {t('appName')}
      </Text>
    </Group>
  );
}
