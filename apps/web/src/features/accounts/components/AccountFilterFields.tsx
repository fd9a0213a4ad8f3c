import { ACCOUNT_TYPES } from '@centavo/shared/contracts/accounts';
import { CloseButton, Select, Stack, Switch, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type AccountFilters, isAccountType } from '../filters.ts';

/** The text filter: with the others on wide screens, beside the button that opens them on small ones. */
export function AccountSearchField({
  value,
  onChange,
  ...input
}: {
  value: AccountFilters;
  onChange: (next: AccountFilters) => void;
} & Omit<TextInputProps, 'value' | 'onChange'>) {
  const { t } = useTranslation('ledger');
  return (
    <TextInput
      label={t('accounts.filters.search')}
      placeholder={t('accounts.filters.searchPlaceholder')}
      type="search"
      leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
      value={value.q}
      onChange={(event) => onChange({ ...value, q: event.currentTarget.value })}
      {...input}
    />
  );
}

/**
 * The account filters (text, type, archived). Controlled: the list applies each change to the URL at
 * once; the small-screen filter page keeps a draft and applies it with its button.
 */
export function AccountFilterFields({
  value,
  onChange,
  direction = 'row',
  autoFocus = false,
}: {
  value: AccountFilters;
  onChange: (next: AccountFilters) => void;
  direction?: 'row' | 'column';
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('ledger');
  const typeData = ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accountTypes.${type}`) }));
  const row = direction === 'row';
  return (
    <Stack
      gap="sm"
      style={row ? { flexDirection: 'row', alignItems: 'flex-end', flexWrap: 'wrap' } : undefined}
    >
      <AccountSearchField
        value={value}
        onChange={onChange}
        rightSection={
          value.q ? (
            <CloseButton
              size="sm"
              aria-label={t('common.clearSearch')}
              onClick={() => onChange({ ...value, q: '' })}
            />
          ) : null
        }
        data-autofocus={autoFocus || undefined}
        w={row ? 240 : undefined}
        name="q"
      />
      <Select
        label={t('accounts.filters.type')}
        placeholder={t('accounts.filters.allTypes')}
        data={typeData}
        value={value.type}
        onChange={(type) => onChange({ ...value, type: isAccountType(type) ? type : null })}
        clearable
        w={row ? 200 : undefined}
        name="type"
        comboboxProps={{ withinPortal: true }}
      />
      <Switch
        label={t('accounts.filters.includeArchived')}
        checked={value.includeArchived}
        onChange={(event) => onChange({ ...value, includeArchived: event.currentTarget.checked })}
        mb={row ? 8 : undefined}
        mt={row ? undefined : 'xs'}
        name="archived"
      />
    </Stack>
  );
}
