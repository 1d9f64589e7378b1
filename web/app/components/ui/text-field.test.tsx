import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateWithI18n, renderWithI18n } from '../../test/render';
import { TextField, type TextFieldProps } from './text-field';

/** A parent that holds the value, as a form does. */
function Controlled({ initial = '', onChange, ...props }: Partial<TextFieldProps> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TextField
        label="Name"
        name="name"
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output aria-label="Parent value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

const parentValue = () => screen.getByRole('status', { name: 'Parent value' }).textContent;

describe('TextField', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is labelled and reports what is typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<Controlled />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Anna');
    expect(parentValue()).toBe('Anna');
  });

  it('shows an error next to the field and marks it invalid', () => {
    renderWithI18n(<Controlled error="Value is required" hint="As other members will see it" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The message and the hint are read out with the field.
    expect(
      screen.getByRole('textbox', { name: 'Name', description: 'As other members will see it Value is required' }),
    ).toBe(input);
    expect(screen.getByText('Value is required')).toBeTruthy();
  });

  it('is not marked invalid without an error', () => {
    renderWithI18n(<Controlled valid />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('trims on blur and before reporting', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<Controlled trim />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.type(input, '  Anna Maria ');
    // Spaces stay visible while typing, so "Anna Maria" can be typed at all…
    expect((input as HTMLInputElement).value).toBe('  Anna Maria ');
    expect(parentValue()).toBe('Anna Maria');
    await user.tab();
    // …and are gone once the field is left.
    expect((input as HTMLInputElement).value).toBe('Anna Maria');
  });

  it('formats on blur', async () => {
    const user = userEvent.setup({ delay: null });
    const onBlur = vi.fn();
    renderWithI18n(<Controlled trim format={(value) => value.toUpperCase()} onBlur={onBlur} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.type(input, ' amsterdam ');
    await user.tab();
    expect((input as HTMLInputElement).value).toBe('AMSTERDAM');
    expect(parentValue()).toBe('AMSTERDAM');
    expect(onBlur).toHaveBeenCalledWith('AMSTERDAM');
  });

  it('debounces onChange while the input keeps up with typing', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithI18n(<Controlled debounceMs={300} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Name' });

    fireEvent.change(input, { target: { value: 'A' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: 'Am' } });
    expect((input as HTMLInputElement).value).toBe('Am');
    act(() => vi.advanceTimersByTime(299));
    expect(onChange).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('Am');
    expect((input as HTMLInputElement).value).toBe('Am');
  });

  it('reports a pending debounced value at once on blur', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithI18n(<Controlled debounceMs={300} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(input, { target: { value: 'Ams' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith('Ams');
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('takes a value the parent sets, e.g. a reset', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<Controlled initial="Anna" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect((input as HTMLInputElement).value).toBe('Anna');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('keeps what was typed before the page hydrated, and reports it', async () => {
    const onChange = vi.fn();
    hydrateWithI18n(<Controlled onChange={onChange} />, (page) => {
      const input = page.querySelector('input');
      if (input) input.value = 'Zoë';
    });
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Zoë');
    expect(parentValue()).toBe('Zoë');
    expect(onChange).toHaveBeenCalledWith('Zoë');
    await userEvent.setup({ delay: null }).type(screen.getByRole('textbox', { name: 'Name' }), '!');
    expect(parentValue()).toBe('Zoë!');
  });
});
