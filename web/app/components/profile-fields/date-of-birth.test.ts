import { describe, expect, it } from 'vitest';
import {
  birthDateBounds,
  birthYears,
  dateFieldOrder,
  dateOfBirthProblem,
  joinDateParts,
  splitIsoDate,
} from './date-of-birth';

const today = new Date(Date.UTC(2026, 5, 15));

describe('date of birth (spec §5)', () => {
  it('orders the fields by language: DMY for most, MDY for English', () => {
    expect(dateFieldOrder('en')).toEqual(['month', 'day', 'year']);
    for (const locale of ['nl', 'de', 'it', 'fr', 'es', 'pl'] as const) {
      expect(dateFieldOrder(locale)).toEqual(['day', 'month', 'year']);
    }
  });

  it('lists the years from 100 to 18 years ago', () => {
    const years = birthYears(today);
    expect(years[0]).toBe(1926);
    expect(years.at(-1)).toBe(2008);
    expect(years).toHaveLength(83);
  });

  it('gives the native input its bounds', () => {
    expect(birthDateBounds(today)).toEqual({ min: '1926-06-15', max: '2008-06-15' });
  });

  it('joins and splits parts', () => {
    expect(joinDateParts({ day: '2', month: '4', year: '1960' })).toBe('1960-04-02');
    expect(joinDateParts({ day: '', month: '', year: '' })).toBe('');
    expect(joinDateParts({ day: '2', month: '', year: '1960' })).toBeNull();
    expect(splitIsoDate('1960-04-02')).toEqual({ day: '2', month: '4', year: '1960' });
    expect(splitIsoDate(null)).toEqual({ day: '', month: '', year: '' });
  });

  it('accepts nothing or a real date of an adult, and nothing else', () => {
    expect(dateOfBirthProblem({ day: '', month: '', year: '' }, today)).toBeNull();
    expect(dateOfBirthProblem({ day: '15', month: '6', year: '2008' }, today)).toBeNull();
    expect(dateOfBirthProblem({ day: '16', month: '6', year: '2008' }, today)).toBe('date_of_birth_error');
    expect(dateOfBirthProblem({ day: '31', month: '2', year: '1960' }, today)).toBe('date_of_birth_error');
    expect(dateOfBirthProblem({ day: '', month: '2', year: '1960' }, today)).toBe('date_of_birth_error');
  });
});
