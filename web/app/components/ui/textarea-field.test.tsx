import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { TextareaField } from './textarea-field';

function About({ rows, error }: { rows?: number; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <TextareaField label="About me" name="about" value={value} onChange={setValue} rows={rows} error={error} trim />
  );
}

describe('TextareaField', () => {
  it('is at least two rows high (spec §5)', () => {
    renderWithI18n(<About rows={1} />);
    expect(screen.getByRole('textbox', { name: 'About me' }).getAttribute('rows')).toBe('2');
  });

  it('keeps line breaks and trims the ends on blur', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<About />);
    const textarea = screen.getByRole('textbox', { name: 'About me' }) as HTMLTextAreaElement;
    await user.type(textarea, ' I like walks.{Enter}And books. ');
    await user.tab();
    expect(textarea.value).toBe('I like walks.\nAnd books.');
  });

  it('shows an error with the field', () => {
    renderWithI18n(<About error="Too long" />);
    const textarea = screen.getByRole('textbox', { name: 'About me', description: 'Too long' });
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
  });
});
