import { Anchor, Box, Button, Container, Group, Paper, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { AccountFilterFields } from '../components/AccountFilterFields.tsx';
import { EMPTY_ACCOUNT_FILTERS, filtersSearch, readAccountFilters } from '../filters.ts';

/**
 * /account/filterForm: the account list's filters as a page of their own for small screens (spec §2 lists
 * it without a layout). It edits a draft of the list's query and "apply" goes back to /account/list with it.
 * It needs no data from the server, so it works without the signed-in shell.
 */
export function AccountFilterFormPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const initial = readAccountFilters(searchParams);
  const [draft, setDraft] = useState(initial);

  function apply(event: FormEvent) {
    event.preventDefault();
    navigate(`${paths.accountList}${filtersSearch(draft)}`);
  }

  return (
    <Box component="main" id="main" py={{ base: 'md', sm: 'xl' }}>
      <Container size={480} px="md">
        <Anchor
          component={Link}
          to={`${paths.accountList}${filtersSearch(initial)}`}
          fz="sm"
          mb="md"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
        >
          <IconArrowLeft size={16} aria-hidden />
          {t('accounts.filters.back')}
        </Anchor>
        <PageHeader title={t('accounts.filters.title')} />
        <Paper withBorder radius="lg" p="md">
          <form onSubmit={apply} noValidate aria-label={t('accounts.filters.title')}>
            <Stack gap="lg">
              <AccountFilterFields value={draft} onChange={setDraft} direction="column" />
              <Group justify="space-between" gap="sm">
                <Button
                  variant="default"
                  onClick={() => setDraft({ ...EMPTY_ACCOUNT_FILTERS, month: draft.month })}
                >
                  {t('accounts.filters.clear')}
                </Button>
                <Button autoContrast type="submit" data-testid="apply-account-filters">
                  {t('accounts.filters.apply')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Container>
    </Box>
  );
}
