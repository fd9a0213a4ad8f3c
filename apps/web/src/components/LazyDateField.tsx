import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './DateField.tsx';

const DateField = lazy(() => import('./DateField.tsx').then((m) => ({ default: m.DateField })));

/**
 * The date input, loaded with the form that needs it: @mantine/dates and dayjs stay out of the entries
 * page's first load (its first-render budget). Until it arrives, a disabled input of the same size.
 */
export function LazyDateField(props: DateFieldProps) {
  return (
    <Suspense
      fallback={
        <TextInput
          label={props.label}
          required={props.required}
          description={props.description}
          inputWrapperOrder={props.inputWrapperOrder}
          disabled
          value=""
          readOnly
        />
      }
    >
      <DateField {...props} />
    </Suspense>
  );
}
