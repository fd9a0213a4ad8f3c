import { IconBan } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioOption, radioClasses } from '../../../components/RadioOption.tsx';
import { CATEGORY_ICON_NAMES, CATEGORY_ICONS } from '../icons.ts';
import classes from './IconPicker.module.css';

/** The category icon as a grid of named radio buttons (plus "no icon"). */
export function IconPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (icon: string) => void;
}) {
  const { t } = useTranslation('ledger');
  const name = useId();
  const options: { key: string; label: string; Icon: typeof IconBan }[] = [
    { key: '', label: t('categories.form.noIcon'), Icon: IconBan },
    ...CATEGORY_ICON_NAMES.filter((icon) => icon !== 'arrows-exchange').map((icon) => ({
      key: icon,
      label: t(`categories.icons.${icon}`),
      Icon: CATEGORY_ICONS[icon],
    })),
  ];
  return (
    <fieldset className={`${radioClasses.fieldset} ${classes.group}`}>
      <legend className={radioClasses.legend}>{label}</legend>
      {options.map(({ key, label: optionLabel, Icon }) => (
        <RadioOption
          key={key || 'none'}
          name={name}
          value={key}
          checked={value === key}
          onSelect={() => onChange(key)}
          label={optionLabel}
          openDelay={300}
        >
          <span className={classes.tile} aria-hidden>
            <Icon size={20} stroke={1.6} />
          </span>
        </RadioOption>
      ))}
    </fieldset>
  );
}
