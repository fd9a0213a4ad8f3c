import { Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/toasts.ts';

/** The ten recovery codes, shown once: copy them or download them as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    toastSuccess(t('twoFactor.copied'));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('twoFactor.fileName');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Text fz="sm">{t('twoFactor.codesHint')}</Text>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={copy}>
          {t('twoFactor.copy')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={download}
        >
          {t('twoFactor.download')}
        </Button>
      </Group>
      <Button onClick={onDone}>{t('twoFactor.done')}</Button>
    </Stack>
  );
}
