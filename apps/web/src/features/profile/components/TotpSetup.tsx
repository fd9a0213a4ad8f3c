import type { TotpSetupResponse } from '@centavo/shared';
import { Button, Center, Code, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { rule, setServerErrors } from '../../../lib/form-rules.tsx';
import { useConfirmTotp } from '../api/sign-in-methods.ts';

/** The QR code of the otpauth:// URL as an SVG (qrcode, loaded with this step only). */
function useQrCode(url: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qr) => {
      const svg = await qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return src;
}

/** Scan (or type the key), then confirm with a code: 2FA is on and the recovery codes come back. */
export function TotpSetup({
  setup,
  onConfirmed,
}: {
  setup: TotpSetupResponse;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useTranslation('settings');
  const qr = useQrCode(setup.otpauth_url);
  const confirm = useConfirmTotp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validateInputOnBlur: true,
    validate: {
      code: (value, values) => rule('code', 'required|digits:6')(value.replace(/\s+/g, ''), values),
    },
  });
  const submit = form.onSubmit(async ({ code }) => {
    setFormError(null);
    try {
      onConfirmed((await confirm.mutateAsync({ code: code.replace(/\s+/g, '') })).recovery_codes);
    } catch (error) {
      if (!setServerErrors(form, error)) setFormError(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t('twoFactor.scan')}</Text>
        <Center>
          {qr ? (
            <Image src={qr} alt={t('twoFactor.qrAlt')} w={200} h={200} bg="white" p={4} radius="sm" />
          ) : (
            <div style={{ width: 200, height: 200 }} />
          )}
        </Center>
        <Text fz="sm">{t('twoFactor.manual')}</Text>
        <Code block data-testid="totp-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {setup.secret}
        </Code>
        {formError ? (
          <Text c="red" fz="sm" role="alert">
            {formError}
          </Text>
        ) : null}
        <TextInput
          label={t('twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          required
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={confirm.isPending}>
          {t('twoFactor.confirm')}
        </Button>
      </Stack>
    </form>
  );
}
