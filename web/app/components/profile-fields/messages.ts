import { CITY_MAX, EMAIL_MAX, MIN_AGE, NAME_MAX, NOTE_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@rendezvous/contract';
import type { TFunction } from 'i18next';

/** Interpolation for any field message: the date-of-birth one names the minimum age (spec §5). */
export const MIN_AGE_PARAMS = { min_age: MIN_AGE } as const;

/** The limits a field's message names ("at most 150 characters"), by the names forms and server give fields. */
const FIELD_LIMITS: Readonly<Record<string, { min?: number; max?: number }>> = {
  email: { max: EMAIL_MAX },
  name: { max: NAME_MAX },
  password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  city: { max: CITY_MAX },
  about_me: { max: NOTE_MAX },
  looking_for: { max: NOTE_MAX },
};

const RULE_PREFIX = 'validation.';

export interface MessageField {
  /** The field's name in the form and in the server's 400 `fields`. */
  name: string;
  /** Its label as the member reads it, for a field the catalogue has no words of its own for. */
  label?: string;
}

/**
 * A field's message in the member's language, naming the field and what is wrong (issue 21). The
 * contract's checks and the server's 400 `fields` give a rule ('validation.required'); the
 * catalogue words it for the fields members meet most (`validation.fields.<field>.<rule>`: "Please
 * enter your e-mail address"), and with the field's label for any other (`validation.named.<rule>`).
 * A message that is not a rule (a name starting with @) already says what it is about.
 */
export function fieldMessage(t: TFunction, key: string, field?: MessageField): string {
  const params = { ...MIN_AGE_PARAMS, ...(field ? FIELD_LIMITS[field.name] : undefined), field: field?.label };
  if (!field || !key.startsWith(RULE_PREFIX)) return t(key, params);
  const rule = key.slice(RULE_PREFIX.length);
  const keys = [`validation.fields.${field.name}.${rule}`, ...(field.label ? [`validation.named.${rule}`] : []), key];
  return t(keys, params);
}
