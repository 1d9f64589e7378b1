import { VALIDATION } from '@rendezvous/contract';
import type { z } from 'zod';

/**
 * The rule a check names when a contract schema gave it no message of its own, so a form never
 * shows zod's English ("Too small: expected string to have >=1 characters"): the field's message
 * is then worded from the member's catalogue like any other (components/profile-fields/messages).
 */
export const ruleOfIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? VALIDATION.required : VALIDATION.choice;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1 ? VALIDATION.required : VALIDATION.outOfRange;
    case 'too_big':
      return issue.origin === 'string' ? VALIDATION.tooLong : VALIDATION.outOfRange;
    case 'invalid_format':
      return issue.format === 'email' ? VALIDATION.email : VALIDATION.choice;
    case 'invalid_value':
    case 'invalid_union':
      return VALIDATION.choice;
    default:
      return undefined;
  }
};
