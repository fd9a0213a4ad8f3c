import {
  Button,
  Group,
  type GroupProps,
  type MantineSize,
  Modal,
  type ModalProps,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The dialog every modal form sits in: centred, its close button named, full screen on phones when the
 * form is long enough for the keyboard to hide its fields (`fullScreenOnPhone`). The form itself is a
 * child keyed by what it edits, so opening another item starts from that item's values.
 */
export function FormModal({
  opened,
  onClose,
  title,
  size,
  fullScreenOnPhone = false,
  children,
  ...modal
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: MantineSize;
  fullScreenOnPhone?: boolean;
  children: ReactNode;
} & Omit<ModalProps, 'opened' | 'onClose' | 'title' | 'size' | 'fullScreen' | 'children'>) {
  const { t } = useTranslation('common');
  const small = useMediaQuery('(max-width: 40em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={title}
      fullScreen={fullScreenOnPhone && small}
      centered
      size={size}
      {...modal}
    >
      {children}
    </Modal>
  );
}

/** The buttons at the end of a dialog: the action, and cancel when the dialog has one. */
interface DialogButtonsProps {
  submitLabel: string;
  pending?: boolean;
  submitColor?: string;
  submitTestId?: string;
  onCancel?: () => void;
  /** The cancel button's text; "Cancel" of the common catalogue by default. */
  cancelLabel?: string;
  /** A confirmation (deleting): focus starts on cancel, so Enter does not destroy by accident. */
  focusCancel?: boolean;
}

/**
 * A dialog's buttons, at its end on the right: cancel, then the action. The action submits the form around
 * it, unless `onConfirm` makes it act on a click (a question with no form).
 */
export function DialogButtons({
  submitLabel,
  pending = false,
  submitColor,
  submitTestId,
  onConfirm,
  onCancel,
  cancelLabel,
  focusCancel = false,
  ...group
}: DialogButtonsProps & { onConfirm?: () => void } & Omit<GroupProps, 'children'>) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" gap="sm" {...group}>
      {onCancel ? (
        <Button variant="default" onClick={onCancel} data-autofocus={focusCancel || undefined}>
          {cancelLabel ?? t('common:actions.cancel')}
        </Button>
      ) : null}
      <Button
        autoContrast
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        loading={pending}
        color={submitColor}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}

/**
 * A modal form's body: its fields, the form-level alert (a failure that belongs to no field), and the
 * buttons — cancel (when the form has one) and submit, at the end on the right.
 */
export function ModalForm({
  onSubmit,
  label,
  error,
  children,
  ...buttons
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's accessible name (usually the dialog's title). */
  label?: string;
  error?: string | null;
  children: ReactNode;
} & DialogButtonsProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {children}
        {error ? (
          <Text c="red" fz="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <DialogButtons {...buttons} />
      </Stack>
    </form>
  );
}

/**
 * A question before an action (deleting, applying): its body, cancel focused first so that Enter does not act
 * by accident, and the confirming button (red for a deletion).
 */
export function ConfirmModal({
  opened,
  onClose,
  title,
  confirmLabel,
  onConfirm,
  pending,
  danger = false,
  confirmTestId,
  children,
  ...modal
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  danger?: boolean;
  confirmTestId?: string;
  size?: MantineSize;
  children: ReactNode;
} & Omit<ModalProps, 'opened' | 'onClose' | 'title' | 'size' | 'fullScreen' | 'children'>) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title} {...modal}>
      <ModalForm
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
        submitLabel={confirmLabel}
        submitColor={danger ? 'red.9' : undefined}
        pending={pending}
        submitTestId={confirmTestId}
        onCancel={onClose}
        focusCancel
      >
        {children}
      </ModalForm>
    </FormModal>
  );
}

/** The name of what a modal form creates or edits (account, category, card…): its first field, focused on open. */
export function NameField(props: TextInputProps) {
  return <TextInput required maxLength={100} autoComplete="off" data-autofocus {...props} />;
}
