import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list that could not load (the ledger's lists: accounts, categories, tags, rules), and the way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('ledger');
  return (
    <Alert color="red" role="alert" title={t('common.loadFailed')}>
      <Button variant="light" color="red" size="xs" mt="xs" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
