import type { Card, CardCreateInput, CardUpdateBody } from '@centavo/shared';
import { cardCreateBodySchema } from '@centavo/shared/contracts/cards';
import { MAX_CENTS, parseMoney } from '@centavo/shared/money';
import { NumberInput, type NumberInputProps, Select, SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField.tsx';
import { FormModal, ModalForm, NameField } from '../../../components/FormModal.tsx';
import { formatCentsForInput, MoneyInput } from '../../../components/MoneyInput.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { resolvers, rulesResolver, zodResolver } from '../../../lib/form-rules.tsx';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useFlags } from '../../../lib/queries/cards.ts';
import { selectOnFocus } from '../../../lib/select-on-focus.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useCreateCard, useUpdateCard } from '../api/cards.ts';

interface CardFormValues extends Record<string, unknown> {
  name: string;
  flag_id: string | null;
  limit: string;
  close_day: string | number;
  expiration_day: string | number;
  account_id: string | null;
  color: string;
  archived: boolean;
}

const DAY_RULE = 'required|integer|between:1,31';

function CardForm({ card, onDone }: { card: Card | null; onDone: (saved: Card) => void }) {
  const { t } = useTranslation(['cards', 'common']);
  const { locale, currency } = useMoneyFormat();
  const flags = useFlags();
  const accounts = useAccounts({ includeArchived: false });
  const create = useCreateCard();
  const update = useUpdateCard();
  const form = useAppForm<CardFormValues>({
    initialValues: {
      name: card?.name ?? '',
      flag_id: card?.flag_id ? String(card.flag_id) : null,
      limit: card ? formatCentsForInput(card.limit, locale, currency.digits) : '',
      close_day: card?.close_day ?? '',
      expiration_day: card?.expiration_day ?? '',
      account_id: card?.account_id ? String(card.account_id) : null,
      color: card?.color ?? '',
      archived: card?.archived ?? false,
    },
    // The name by the contract; the limit is text until parsed, and the days keep the "between" wording.
    validate: resolvers(
      zodResolver(cardCreateBodySchema.pick({ name: true })),
      rulesResolver({ limit: 'required', close_day: DAY_RULE, expiration_day: DAY_RULE }),
    ),
    choices: ['flag_id', 'account_id'],
    onSubmit: (values) => {
      const limit = parseMoney(values.limit, currency.digits);
      if (limit === null || limit < 0 || limit > MAX_CENTS) {
        form.setServerErrors({ limit: [t('api:messages.notNegative')] });
        return;
      }
      const body: CardUpdateBody & CardCreateInput = {
        name: values.name.trim(),
        flag_id: values.flag_id ? Number(values.flag_id) : null,
        limit,
        close_day: Number(values.close_day),
        expiration_day: Number(values.expiration_day),
        account_id: values.account_id ? Number(values.account_id) : null,
        color: values.color ? values.color : null,
        archived: values.archived,
      };
      const handlers = {
        onSuccess: (saved: Card) => {
          toastSuccess(card ? t('toasts.saved') : t('toasts.created', { name: saved.name }));
          onDone(saved);
        },
        onError: (error: Error) => {
          form.setServerErrors(isApiError(error) ? error.errors : {}, errorMessage(error));
          toastError(errorMessage(error));
        },
      };
      if (card) update.mutate({ id: card.id, body }, handlers);
      else create.mutate(body, handlers);
    },
  });
  const dayProps = (name: 'close_day' | 'expiration_day') => {
    const props = form.getInputProps(name);
    return { ...props, onChange: (value: string | number) => form.setFieldValue(name, value) };
  };
  return (
    <ModalForm
      onSubmit={form.handleSubmit}
      label={t(card ? 'form.titleEdit' : 'form.titleNew')}
      error={form.formError}
      submitLabel={t('form.save')}
      pending={create.isPending || update.isPending}
      submitTestId="card-save"
    >
      <NameField label={t('form.name')} {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label={t('form.flag')}
          placeholder={t('form.choose')}
          data={(flags.data?.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
          clearable
          {...form.getInputProps('flag_id')}
        />
        <MoneyInput
          label={t('form.limit')}
          required
          {...form.getInputProps('limit')}
          onChange={(text) => form.setFieldValue('limit', text)}
        />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="md">
        <DayInput label={t('form.closeDay')} hint={t('form.dayHint')} {...dayProps('close_day')} />
        <DayInput label={t('form.dueDay')} hint={t('form.dayHint')} {...dayProps('expiration_day')} />
      </SimpleGrid>
      <Select
        label={t('form.account')}
        description={t('form.accountHint')}
        placeholder={t('form.choose')}
        data={(accounts.data?.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
        clearable
        {...form.getInputProps('account_id')}
      />
      <ColorField label={t('form.color')} {...form.getInputProps('color')} />
      {card ? (
        <Switch
          label={t('form.archived')}
          checked={form.values.archived}
          onChange={(event) => form.setFieldValue('archived', event.currentTarget.checked)}
        />
      ) : null}
    </ModalForm>
  );
}

/** Create or edit a card; full screen on phones. */
export function CardFormModal({
  opened,
  card,
  onClose,
  onSaved,
}: {
  opened: boolean;
  card: Card | null;
  onClose: () => void;
  onSaved?: (card: Card) => void;
}) {
  const { t } = useTranslation(['cards', 'common']);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(card ? 'form.titleEdit' : 'form.titleNew')}
      fullScreenOnPhone
    >
      <CardForm
        key={card?.id ?? 'new'}
        card={card}
        onDone={(saved) => {
          onClose();
          onSaved?.(saved);
        }}
      />
    </FormModal>
  );
}

/** A day of the month (closing, due): 1 to 31, whole, selected on focus so typing replaces it. */
function DayInput({ hint, ...props }: NumberInputProps & { hint: string }) {
  return (
    <NumberInput
      description={hint}
      min={1}
      max={31}
      allowDecimal={false}
      allowNegative={false}
      // Never rewrite what is typed: an out-of-range day gets the rule's message (issue 13 #1).
      clampBehavior="none"
      {...selectOnFocus}
      required
      {...props}
    />
  );
}
