/**
 * Field errors are catalogue keys (zod-free, so light forms can use them); en.json holds the spec §5 wording
 * ('Value is required', 'Value is not a valid email address', …).
 */
export const VALIDATION = {
  required: 'validation.required',
  email: 'validation.email_invalid',
  tooLong: 'validation.too_long',
  nameMin: 'validation.name_min',
  nameStartsWithAt: 'signup.name_starts_with_at',
  nameEqualToEmail: 'signup.name_equal_to_email',
  passwordMin: 'validation.password_min',
  dateOfBirth: 'date_of_birth_error',
  emailTaken: 'validation.email_taken',
  emailNotAllowed: 'validation.email_not_allowed',
  country: 'validation.country_invalid',
  region: 'validation.region_invalid',
  choice: 'validation.choice_invalid',
  linkInvalid: 'validation.link_invalid',
  passwordWrong: 'validation.password_wrong',
  emailSame: 'validation.email_same',
  controlCharacters: 'validation.control_characters',
  unknownField: 'validation.unknown_field',
  outOfRange: 'validation.out_of_range',
  snippetShortcut: 'validation.snippet_shortcut',
  snippetVariable: 'validation.snippet_variable',
  codeFormat: 'validation.code_format',
  codeWrong: 'validation.code_wrong',
  recoveryCodeWrong: 'validation.recovery_code_wrong',
} as const;
