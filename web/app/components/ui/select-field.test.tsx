import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { hydrateWithI18n, renderWithI18n } from '../../test/render';
import { SelectField } from './select-field';

const COUNTRIES = [
  { value: 'NL', label: 'Netherlands' },
  { value: 'BE', label: 'Belgium' },
];

/** The country choice, empty, under its placeholder. */
function countrySelect(onChange: (value: string) => void) {
  return (
    <SelectField
      label="Country"
      name="country"
      value=""
      onChange={onChange}
      options={COUNTRIES}
      placeholder="Choose a country"
    />
  );
}

describe('SelectField', () => {
  it('offers the options under a placeholder and reports the choice', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderWithI18n(countrySelect(onChange));
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a country',
      'Netherlands',
      'Belgium',
    ]);
    await user.selectOptions(select, 'Belgium');
    expect(onChange).toHaveBeenCalledWith('BE');
  });

  it('shows an error with the field', () => {
    renderWithI18n(
      <SelectField
        label="Country"
        name="country"
        value=""
        onChange={() => {}}
        options={COUNTRIES}
        error="Value is required"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Country', description: 'Value is required' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps a choice made before the page hydrated', () => {
    const onChange = vi.fn();
    hydrateWithI18n(countrySelect(onChange), (page) => {
      const select = page.querySelector('select');
      if (select) select.value = 'BE';
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('BE');
  });
});
