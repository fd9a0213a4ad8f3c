import type { LinkedIdentity, Passkey, SocialProvider } from '@centavo/shared';
import { Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DialogButtons } from '../../../components/FormModal.tsx';
import { Section } from '../../../components/Section.tsx';
import { wrappingButton } from '../../../components/wrapping-button.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/locale.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import {
  useAddPasskey,
  useAvailableProviders,
  useLinkedIdentities,
  useLinkProvider,
  usePasskeys,
  useRemovePasskey,
  useTwoFactorStatus,
  useUnlinkProvider,
} from '../api/sign-in-methods.ts';
import { CredentialsModal } from './CredentialsModal.tsx';

const LINK_ERRORS = ['denied', 'state', 'expired', 'unavailable', 'failed', 'identityTaken', 'notConfigured'];

type Pending =
  | { kind: 'none' }
  | { kind: 'link'; provider: SocialProvider; name: string }
  | { kind: 'unlink'; identity: LinkedIdentity }
  | { kind: 'add' }
  | { kind: 'remove'; passkey: Passkey };

/** The provider's answer to a link comes back as /profile?linked=<id> or ?error=<key>: said once, then dropped. */
function useLinkOutcome(names: Map<string, string> | null) {
  const { t } = useTranslation('settings');
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    const linked = search.get('linked');
    const error = search.get('error');
    // Waits for the providers' names, so the message names "Google", not "google".
    if ((!linked && !error) || names === null) return;
    if (linked) toastSuccess(t('signIn.linked', { name: names.get(linked) ?? linked }));
    else if (error)
      toastError(t(LINK_ERRORS.includes(error) ? `signIn.linkErrors.${error}` : 'signIn.linkErrors.failed'));
    setSearch({}, { replace: true });
  }, [search, setSearch, names, t]);
}

/**
 * Ways to sign in besides the password (DESIGN.md §5): linked providers (link through the provider, unlink)
 * and passkeys (add, named; remove). The server refuses removing the last way in, and says so.
 */
export function SignInMethodsSection() {
  const { t } = useTranslation(['settings', 'common']);
  const status = useTwoFactorStatus();
  const providers = useAvailableProviders();
  const identities = useLinkedIdentities();
  const passkeys = usePasskeys();
  const link = useLinkProvider();
  const unlink = useUnlinkProvider();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [pending, setPending] = useState<Pending>({ kind: 'none' });
  const close = () => setPending({ kind: 'none' });
  const names = useMemo(
    () => (providers.data ? new Map(providers.data.map((p) => [p.id, p.name])) : null),
    [providers.data],
  );
  useLinkOutcome(names);
  const hasPassword = status.data?.has_password ?? true;
  const dates = new Intl.DateTimeFormat(intlLocale(currentLocale()), { dateStyle: 'medium' });
  const used = (at: string | null) =>
    at ? t('signIn.lastUsed', { date: dates.format(new Date(at)) }) : t('signIn.neverUsed');
  const unlinked = (providers.data ?? []).filter(
    (p) => !(identities.data ?? []).some((i) => i.provider === p.id),
  );
  const confirmRemoval = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toastSuccess(done);
    } catch (error) {
      toastError(errorMessage(error));
    }
    close();
  };

  return (
    <Section id="sign-in" title={t('signIn.title')} description={t('signIn.description')}>
      <Stack gap="lg">
        {(providers.data ?? []).length > 0 ? (
          <Stack gap="xs">
            <Title order={3} fz="md">
              {t('signIn.providers')}
            </Title>
            {identities.data ? (
              identities.data.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('signIn.noProviders')}
                </Text>
              ) : (
                identities.data.map((identity) => (
                  <MethodRow
                    key={identity.id}
                    name={identity.name}
                    detail={[identity.email, used(identity.last_used_at)].filter(Boolean).join(' · ')}
                    action={t('signIn.unlink')}
                    onAction={() => setPending({ kind: 'unlink', identity })}
                  />
                ))
              )
            ) : (
              <Skeleton height={40} />
            )}
            <Group gap="xs">
              {unlinked.map((p) => (
                <Button
                  key={p.id}
                  styles={wrappingButton}
                  variant="default"
                  onClick={() => setPending({ kind: 'link', provider: p.id, name: p.name })}
                >
                  {t('signIn.link', { name: p.name })}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}

        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('signIn.passkeys')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('signIn.passkeysHint')}
          </Text>
          {passkeys.data ? (
            passkeys.data.length === 0 ? (
              <Text fz="sm">{t('signIn.noPasskeys')}</Text>
            ) : (
              passkeys.data.map((passkey) => (
                <MethodRow
                  key={passkey.id}
                  testId="passkey-row"
                  name={passkey.name}
                  detail={used(passkey.last_used_at)}
                  action={t('signIn.removePasskey')}
                  onAction={() => setPending({ kind: 'remove', passkey })}
                />
              ))
            )
          ) : (
            <Skeleton height={40} />
          )}
          <Group>
            <Button
              variant="default"
              styles={wrappingButton}
              leftSection={<IconFingerprint size={18} aria-hidden="true" />}
              onClick={() => setPending({ kind: 'add' })}
            >
              {t('signIn.addPasskey')}
            </Button>
          </Group>
        </Stack>
      </Stack>

      <CredentialsModal
        opened={pending.kind === 'link'}
        onClose={close}
        title={pending.kind === 'link' ? t('signIn.link', { name: pending.name }) : ''}
        hasPassword={hasPassword}
        ask={{}}
        submitLabel={t('signIn.continue')}
        onSubmit={async (values) => {
          if (pending.kind !== 'link') return;
          const { url } = await link.mutateAsync({
            provider: pending.provider,
            ...(values.password ? { password: values.password } : {}),
          });
          // Off to the provider, which sends the browser back to /profile?linked=….
          globalThis.location.assign(url);
        }}
      />
      <CredentialsModal
        opened={pending.kind === 'add'}
        onClose={close}
        title={t('signIn.addPasskey')}
        hasPassword={hasPassword}
        ask={{ name: t('signIn.passkeyDefaultName') }}
        submitLabel={t('signIn.addPasskey')}
        onSubmit={async (values) => {
          try {
            await add.mutateAsync({
              name: values.name ?? '',
              ...(values.password ? { password: values.password } : {}),
            });
          } catch (error) {
            // The browser's own prompt was dismissed: nothing to say.
            if (error instanceof Error && error.name === 'NotAllowedError') return;
            throw error;
          }
          close();
          toastSuccess(t('signIn.passkeyAdded'));
        }}
      />
      <Modal
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        opened={pending.kind === 'unlink' || pending.kind === 'remove'}
        onClose={close}
        centered
        title={
          pending.kind === 'unlink'
            ? t('signIn.unlinkTitle', { name: pending.identity.name })
            : pending.kind === 'remove'
              ? t('signIn.removePasskeyTitle', { name: pending.passkey.name })
              : ''
        }
      >
        <Stack gap="md">
          <Text fz="sm">
            {pending.kind === 'unlink'
              ? t('signIn.unlinkBody', { name: pending.identity.name })
              : t('signIn.removePasskeyBody')}
          </Text>
          <DialogButtons
            submitLabel={pending.kind === 'unlink' ? t('signIn.unlink') : t('signIn.removePasskey')}
            submitColor="red"
            pending={unlink.isPending || remove.isPending}
            onConfirm={() =>
              pending.kind === 'unlink'
                ? confirmRemoval(() => unlink.mutateAsync(pending.identity.id), t('signIn.unlinked'))
                : pending.kind === 'remove'
                  ? confirmRemoval(() => remove.mutateAsync(pending.passkey.id), t('signIn.passkeyRemoved'))
                  : undefined
            }
            onCancel={close}
            gap="md"
          />
        </Stack>
      </Modal>
    </Section>
  );
}

/** A sign-in method of the user's (a linked provider, a passkey): its name, a line about it, and the red way to remove it. */
function MethodRow({
  name,
  detail,
  action,
  onAction,
  testId,
}: {
  name: string;
  detail: string;
  action: string;
  onAction: () => void;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      </Stack>
      <Button variant="subtle" color="red" style={{ flexShrink: 0 }} onClick={onAction}>
        {action}
      </Button>
    </Group>
  );
}
