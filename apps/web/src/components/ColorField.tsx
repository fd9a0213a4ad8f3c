import { Text, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './ColorField.module.css';
import { RadioOption, radioClasses } from './RadioOption.tsx';

/** Named swatches: distinct from one another, readable with white text, in both themes. */
export const SWATCHES = [
  ['green', '#0b7a5f'],
  ['blue', '#1971c2'],
  ['violet', '#5f3dc4'],
  ['pink', '#c2255c'],
  ['orange', '#e8590c'],
  ['yellow', '#f08c00'],
  ['lime', '#2f9e44'],
  ['cyan', '#0c8599'],
  ['gray', '#495057'],
  ['grape', '#862e9c'],
] as const;

/**
 * A colour as a group of radio buttons (named swatches, "none") plus the browser's colour input for any
 * other shade. Native radios give keyboard arrows and screen-reader names without extra code; Mantine's
 * ColorInput puts unnamed sliders in its dropdown, which screen readers cannot make sense of.
 */
export function ColorField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  /** '#rrggbb' or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('ledger');
  const name = useId();
  const current = value.toLowerCase();
  const isCustom = current !== '' && !SWATCHES.some(([, hex]) => hex === current);
  return (
    <fieldset
      className={`${radioClasses.fieldset} ${classes.group}`}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className={radioClasses.legend}>{label}</legend>
      <RadioOption
        name={name}
        value=""
        checked={current === ''}
        onSelect={() => onChange('')}
        label={t('common.noColor')}
      >
        <span className={`${classes.swatch} ${classes.none}`} aria-hidden>
          {current === '' ? <IconCheck size={14} stroke={3} /> : null}
        </span>
      </RadioOption>
      {SWATCHES.map(([colorName, hex]) => (
        <RadioOption
          key={hex}
          name={name}
          value={hex}
          checked={current === hex}
          onSelect={() => onChange(hex)}
          label={t(`colors.${colorName}`)}
        >
          <span className={classes.swatch} style={{ background: hex, borderColor: hex }} aria-hidden>
            {current === hex ? <IconCheck size={14} stroke={3} /> : null}
          </span>
        </RadioOption>
      ))}
      <Tooltip label={t('colors.custom')}>
        <input
          type="color"
          className={`${classes.custom} ${isCustom ? classes.customChecked : ''}`}
          value={isCustom ? current : '#888888'}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-label={t('colors.custom')}
          data-testid="custom-color"
        />
      </Tooltip>
      {error ? (
        <Text c="red" fz="xs" id={`${name}-error`} w="100%">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
