import type { Preferences } from '@centavo/shared';
import { DEFAULT_COUNTRY_ID, DEFAULT_CURRENCY_ID } from '@centavo/shared/constants';
import { Alert, Button, Group, Select, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Section } from '../../../components/Section.tsx';
import { countryName, currencyName } from '../../../lib/display-names.ts';
import { reportFormError } from '../../../lib/error-message.ts';
import { rulesResolver } from '../../../lib/form-rules.tsx';
import { changeLocale, currentLocale, useLocale } from '../../../lib/i18n.ts';
import { intlLocale, languageIdFromLocale, localeFromLanguageId } from '../../../lib/locale.ts';
import { usePreferences, useUpdatePreferences } from '../../../lib/queries/preferences.ts';
import { useCountries, useCurrencies, useLanguages } from '../../../lib/queries/reference.ts';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useAppForm } from '../../../lib/use-app-form.ts';

/** Form values are the select's strings; the API takes ids (spec §3: languageId, currencyCodeId, countryId). */
interface FormValues extends Record<string, unknown> {
  language_id: string;
  currency_code_id: string;
  country_id: string;
  time_zone: string;
}

/** The IANA zones the browser knows (the API checks names with the same Intl database), and the user's own. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

function PreferencesForm({ initial }: { initial: Preferences }) {
  const { t } = useTranslation(['settings', 'common']);
  const languages = useLanguages();
  const currencies = useCurrencies();
  const countries = useCountries();
  const update = useUpdatePreferences();
  const form = useAppForm<FormValues>({
    initialValues: {
      language_id: String(initial.language_id),
      currency_code_id: String(initial.currency_code_id),
      country_id: String(initial.country_id),
      time_zone: initial.time_zone,
    },
    validate: rulesResolver({
      language_id: 'required',
      currency_code_id: 'required',
      country_id: 'required',
      time_zone: 'required',
    }),
    choices: ['language_id', 'currency_code_id', 'country_id', 'time_zone'],
    onSubmit: (values) =>
      update.mutate(
        {
          language_id: Number(values.language_id),
          currency_code_id: Number(values.currency_code_id),
          country_id: Number(values.country_id),
          time_zone: values.time_zone,
        },
        {
          onSuccess: async (saved) => {
            await changeLocale(localeFromLanguageId(saved.language.id));
            toastSuccess(t('preferences.saved'));
          },
          onError: (error) => {
            reportFormError(form, error);
          },
        },
      ),
  });

  const languageData = (languages.data?.data ?? []).map((l) => ({
    value: String(l.id),
    label: t(`common:language.${localeFromLanguageId(l.id)}`),
  }));
  // Names in the interface language, sorted as that language sorts them; searching ignores accents.
  const locale = intlLocale(useLocale());
  const collator = new Intl.Collator(locale);
  const currencyData = (currencies.data?.data ?? [])
    .map((c) => ({ value: String(c.id), label: `${c.code} — ${currencyName(c.code, locale, c.name)}` }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const countryData = (countries.data?.data ?? [])
    .map((c) => ({ value: String(c.id), label: countryName(c.code, locale, c.name) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const loadFailed = languages.isError || currencies.isError || countries.isError;

  return (
    <Section id="preferences" title={t('preferences.title')}>
      <form onSubmit={form.handleSubmit} noValidate aria-label={t('preferences.title')}>
        <Stack gap="md" maw={480}>
          {loadFailed ? (
            <Alert color="red" role="alert">
              {t('common:errors.loadFailed')}
            </Alert>
          ) : null}
          <Select
            label={t('preferences.language')}
            data={languageData}
            allowDeselect={false}
            required
            disabled={languages.isPending}
            {...form.getInputProps('language_id')}
          />
          <Select
            label={t('preferences.currency')}
            data={currencyData}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('preferences.nothingFound')}
            placeholder={t('preferences.search')}
            required
            disabled={currencies.isPending}
            description={t('preferences.currencyHint')}
            {...form.getInputProps('currency_code_id')}
          />
          <Select
            label={t('preferences.country')}
            data={countryData}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('preferences.nothingFound')}
            placeholder={t('preferences.search')}
            required
            disabled={countries.isPending}
            limit={300}
            {...form.getInputProps('country_id')}
          />
          <Select
            label={t('preferences.timeZone')}
            description={t('preferences.timeZoneHint')}
            data={timeZones(initial.time_zone)}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('preferences.nothingFound')}
            placeholder={t('preferences.search')}
            required
            limit={100}
            {...form.getInputProps('time_zone')}
          />
          <Group>
            <Button type="submit" loading={update.isPending} data-testid="save-preferences">
              {t('preferences.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

export function PreferencesPage() {
  const { t } = useTranslation('settings');
  const preferences = usePreferences();
  // Until the server answers, the defaults of spec §3 describe a new user.
  const fallback: Preferences = {
    language_id: languageIdFromLocale(currentLocale()),
    currency_code_id: DEFAULT_CURRENCY_ID,
    country_id: DEFAULT_COUNTRY_ID,
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  return (
    <Stack maw={760} gap="lg">
      <PageHeader title={t('preferences.title')} subtitle={t('preferences.subtitle')} />
      {preferences.isPending ? (
        <Skeleton h={280} radius="lg" />
      ) : (
        // Keyed by the saved values, so a language switch from the user menu refreshes the form.
        <PreferencesForm
          key={JSON.stringify(preferences.data ?? fallback)}
          initial={preferences.data ?? fallback}
        />
      )}
    </Stack>
  );
}
