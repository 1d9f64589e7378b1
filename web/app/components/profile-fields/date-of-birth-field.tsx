import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../ui/select-field';
import { useLocale } from '../../lib/locale';
import {
  birthDateBounds,
  birthYears,
  dateFieldOrder,
  joinDateParts,
  splitIsoDate,
  type DatePart,
  type DateParts,
} from './date-of-birth';
import { useMonthNames } from './labels';

// Month names are the longest, so the month select gets the most room on a 360 px screen.
const IOS_PATTERN = /iPad|iPhone|iPod/;
const noSubscription = () => () => {};

/** Spec §5: iPhones and iPads get the native date wheel, which is easier there than three selects. */
export function useIsIos(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => IOS_PATTERN.test(navigator.userAgent),
    () => false,
  );
}

export interface DateOfBirthFieldProps {
  value: DateParts;
  onChange: (value: DateParts) => void;
  /** The message shown under the field; marks it invalid. */
  error?: string;
  /** "Today", for the year list and the bounds; the parent's clock, so tests can fix it. */
  today: Date;
}

/** Day, month and year selects in the order of the interface language, or a native date input on iOS. */
export function DateOfBirthField({ value, onChange, error, today }: DateOfBirthFieldProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const months = useMonthNames();
  const ios = useIsIos();
  const errorId = useId();
  const nativeId = useId();
  const years = useMemo(() => birthYears(today), [today]);
  // What the native input holds while it is incomplete, so typing a date on iOS is not undone.
  const [nativeDraft, setNativeDraft] = useState<string | null>(null);

  const errorMessage = error ? (
    <div aria-live="polite">
      <p id={errorId} className="field-error">
        {error}
      </p>
    </div>
  ) : (
    <div aria-live="polite" />
  );

  if (ios) {
    const bounds = birthDateBounds(today);
    return (
      <div className="field">
        <label className="field-label" htmlFor={nativeId}>
          {t('signup.date_of_birth')}
        </label>
        <input
          id={nativeId}
          type="date"
          name="date_of_birth"
          className="field-control"
          min={bounds.min}
          max={bounds.max}
          value={nativeDraft ?? joinDateParts(value) ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setNativeDraft(next);
            onChange(splitIsoDate(next));
          }}
        />
        {errorMessage}
      </div>
    );
  }

  const options: Record<DatePart, { value: string; label: string }[]> = {
    day: Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })),
    month: months.map((label, index) => ({ value: String(index + 1), label })),
    year: years.map((year) => ({ value: String(year), label: String(year) })),
  };

  return (
    <fieldset className="field min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{t('signup.date_of_birth')}</legend>
      <div className="date-of-birth select-row">
        {dateFieldOrder(locale).map((part) => (
          <SelectField
            key={part}
            label={<span className="text-[0.9375rem] font-normal">{t(`signup.date_${part}`)}</span>}
            name={`date_of_birth_${part}`}
            value={value[part]}
            onChange={(next) => onChange({ ...value, [part]: next })}
            options={options[part]}
            placeholder={t(`signup.date_${part}_placeholder`)}
          />
        ))}
      </div>
      {errorMessage}
    </fieldset>
  );
}
