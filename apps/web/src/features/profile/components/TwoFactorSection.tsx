import type { TotpSetupResponse } from '@centavo/shared';
import { Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/Section.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import {
  useDisableTwoFactor,
  useRegenerateCodes,
  useStartTotp,
  useTwoFactorStatus,
} from '../api/sign-in-methods.ts';
import { CredentialsModal } from './CredentialsModal.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TotpSetup } from './TotpSetup.tsx';

type Step =
  | { kind: 'none' }
  | { kind: 'password' | 'disable' | 'regenerate' }
  | { kind: 'scan'; setup: TotpSetupResponse }
  | { kind: 'codes'; codes: string[]; done: string };

/**
 * Two-step verification in the profile (DESIGN.md §5): turn it on (password, then the QR code and a code,
 * then the ten recovery codes shown once), make new recovery codes, or turn it off (password and a code).
 */
export function TwoFactorSection() {
  const { t } = useTranslation(['settings', 'common']);
  const status = useTwoFactorStatus();
  const start = useStartTotp();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateCodes();
  const [step, setStep] = useState<Step>({ kind: 'none' });
  const close = () => setStep({ kind: 'none' });
  const hasPassword = status.data?.has_password ?? true;
  const on = status.data?.totp_enabled ?? false;

  return (
    <Section id="two-factor" title={t('twoFactor.title')} description={t('twoFactor.description')}>
      {status.data ? (
        <Stack gap="sm">
          <Group gap="sm">
            <Badge color={on ? 'centavo' : 'gray'} variant={on ? 'filled' : 'light'}>
              {on ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
            {on ? (
              <Text fz="sm" c="dimmed">
                {t('twoFactor.remaining', { count: status.data.recovery_codes_remaining })}
              </Text>
            ) : null}
          </Group>
          <Group gap="sm">
            {on ? (
              <>
                <Button variant="default" onClick={() => setStep({ kind: 'regenerate' })}>
                  {t('twoFactor.regenerate')}
                </Button>
                <Button color="red" variant="light" onClick={() => setStep({ kind: 'disable' })}>
                  {t('twoFactor.disable')}
                </Button>
              </>
            ) : (
              <Button onClick={() => setStep({ kind: 'password' })}>{t('twoFactor.enable')}</Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Skeleton height={60} />
      )}

      <CredentialsModal
        opened={step.kind === 'password'}
        onClose={close}
        title={t('twoFactor.setupTitle')}
        hasPassword={hasPassword}
        ask={{}}
        submitLabel={t('signIn.continue')}
        onSubmit={async (values) => {
          const setup = await start.mutateAsync(
            values.password === undefined ? {} : { password: values.password },
          );
          setStep({ kind: 'scan', setup });
        }}
      />
      <Modal
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        opened={step.kind === 'scan'}
        onClose={close}
        title={t('twoFactor.setupTitle')}
        centered
      >
        {step.kind === 'scan' ? (
          <TotpSetup
            setup={step.setup}
            onConfirmed={(codes) => setStep({ kind: 'codes', codes, done: t('twoFactor.enabled') })}
          />
        ) : null}
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        opened={step.kind === 'codes'}
        onClose={close}
        title={t('twoFactor.codesTitle')}
        centered
        closeOnClickOutside={false}
      >
        {step.kind === 'codes' ? (
          <RecoveryCodes
            codes={step.codes}
            onDone={() => {
              close();
              toastSuccess(step.done);
            }}
          />
        ) : null}
      </Modal>
      <CredentialsModal
        opened={step.kind === 'disable'}
        onClose={close}
        title={t('twoFactor.disableTitle')}
        hasPassword={hasPassword}
        ask={{ code: true }}
        submitLabel={t('twoFactor.disable')}
        danger
        onSubmit={async (values) => {
          await disable.mutateAsync({
            code: values.code ?? '',
            ...(values.password ? { password: values.password } : {}),
          });
          close();
          toastSuccess(t('twoFactor.disabled'));
        }}
      />
      <CredentialsModal
        opened={step.kind === 'regenerate'}
        onClose={close}
        title={t('twoFactor.regenerateTitle')}
        hasPassword={hasPassword}
        ask={{ code: true }}
        submitLabel={t('twoFactor.regenerate')}
        onSubmit={async (values) => {
          const result = await regenerate.mutateAsync({
            code: values.code ?? '',
            ...(values.password ? { password: values.password } : {}),
          });
          setStep({ kind: 'codes', codes: result.recovery_codes, done: t('twoFactor.regenerated') });
        }}
      >
        <Text fz="sm">{t('twoFactor.regenerateHint')}</Text>
      </CredentialsModal>
    </Section>
  );
}
