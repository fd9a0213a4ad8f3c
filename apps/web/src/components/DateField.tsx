import type { LocaleCode } from '@centavo/shared/constants';
import { DATE_MIN, type IsoDate, isValidDate, maxDate } from '@centavo/shared/dates';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/pt-br';
import '@mantine/dates/styles.css';
import { type FocusEvent, useState } from 'react';
import { useLocale } from '../lib/i18n.ts';

const STOP_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

/** How a date is typed and shown in each interface language (never the browser's locale). */
export const DATE_FORMATS: Record<LocaleCode, string> = { en: 'MM/DD/YYYY', br: 'DD/MM/YYYY' };
const DAYJS_LOCALES: Record<LocaleCode, string> = { en: 'en', br: 'pt-br' };

/**
 * Typed text → YYYY-MM-DD: the interface language's order ("24/11/2026" in Português, "11/24/2026" in
 * English), or ISO "2026-11-24" in either. Null when it is not a real date, so the input keeps the text.
 */
export function parseTypedDate(text: string, locale: LocaleCode): IsoDate | null {
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isValidDate(value) ? value : null;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!match) return null;
  const [, a = '', b = '', year = ''] = match;
  const [day, month] = locale === 'br' ? [a, b] : [b, a];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isValidDate(iso) ? iso : null;
}

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'> {
  /** YYYY-MM-DD, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * The app's date input (issue 13 #8): Mantine's DateInput in the interface language — typed and shown as
 * DD/MM/AAAA in Português, MM/DD/YYYY in English, with the calendar's month and day names to match. The
 * calendar offers the dates the API accepts; a typed date outside them is kept and gets the form's
 * `date_range` message rather than being silently replaced.
 */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  const locale = useLocale();
  // Escape with the calendar open closes the calendar only (issue 23 #10): a Modal closes on any Escape unless
  // its target says `data-mantine-stop-propagation` (what Mantine's Select does), so the input says it while
  // the calendar is open, and the calendar's own buttons always do.
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALES[locale], firstDayOfWeek: 0 }}>
      <DateInput
        valueFormat={DATE_FORMATS[locale]}
        placeholder={locale === 'br' ? 'DD/MM/AAAA' : 'MM/DD/YYYY'}
        dateParser={(text) => parseTypedDate(text, locale)}
        leftSection={<IconCalendar size={16} aria-hidden />}
        popoverProps={{
          zIndex: 400,
          onOpen: () => setCalendarOpen(true),
          onClose: () => setCalendarOpen(false),
        }}
        data-mantine-stop-propagation={calendarOpen ? 'true' : undefined}
        getDayProps={() => STOP_ESCAPE}
        getMonthControlProps={() => STOP_ESCAPE}
        getYearControlProps={() => STOP_ESCAPE}
        defaultDate={value && value >= DATE_MIN && value <= maxDate() ? value : undefined}
        autoComplete="off"
        {...rest}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
      />
    </DatesProvider>
  );
}
