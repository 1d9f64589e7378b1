import type { WebContext } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot } from '../../../test/render';
import { PersonalStep } from './personal-step';

const today = new Date(Date.UTC(2026, 5, 15));
const DOB_ERROR = 'Please enter a real date of birth; you must be at least 18 years old';

function webIn(locale: WebContext['locale']): WebContext {
  return {
    ...makeWebContext({
      settings: {
        visible_profile_fields: ['city', 'smoking'],
        allowed_values: { smoking: ['no', 'sometimes', 'yes'] },
      },
    }),
    locale,
  };
}

function renderStep(locale: WebContext['locale'] = 'en', onDone = vi.fn()) {
  const web = webIn(locale);
  const user = makeUser({ profile: { ...makeUser().profile, gender: null } });
  renderWithRoot(<PersonalStep user={user} settings={web.settings} onDone={onDone} today={today} />, { web });
  return onDone;
}

const dateSelects = () =>
  within(screen.getByRole('group', { name: 'Date of birth' }))
    .getAllByRole('combobox')
    .map((select) => select.getAttribute('name'));

describe('sign-up step 4: personal info', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('orders the date selects month, day, year in English', () => {
    renderStep('en');
    expect(dateSelects()).toEqual(['date_of_birth_month', 'date_of_birth_day', 'date_of_birth_year']);
  });

  it.each(['nl', 'de', 'pl'] as const)('orders them day, month, year in %s', (locale) => {
    renderStep(locale);
    expect(dateSelects()).toEqual(['date_of_birth_day', 'date_of_birth_month', 'date_of_birth_year']);
  });

  it('offers the years from 100 to 18 years ago, month names in the language', () => {
    renderStep('nl');
    const year = screen.getByRole('combobox', { name: 'Year' });
    const years = within(year)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years.slice(0, 2)).toEqual(['Year', '1926']);
    expect(years.at(-1)).toBe('2008');
    expect(within(screen.getByRole('combobox', { name: 'Month' })).getByRole('option', { name: 'juni' })).toBeTruthy();
  });

  it('refuses someone under 18 next to the field', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({});
    renderStep('en');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2008');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'June');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '16');
    expect(await screen.findByText(DOB_ERROR)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Date of birth' }).getAttribute('aria-describedby')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '15');
    expect(screen.queryByText(DOB_ERROR)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('does not save half a date', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({});
    renderStep('en');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1958');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DOB_ERROR)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('saves gender, birth date and the site’s choices with the step number', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = makeUser();
    const api = fakeApi({ 'PUT /api/user.php': () => json(saved) });
    const onDone = renderStep('en');
    await user.selectOptions(screen.getByRole('combobox', { name: 'I am a' }), 'Woman');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'April');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1958');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Do you smoke?' }), 'Sometimes');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
    expect(api.calls[0]?.body).toEqual({
      profile: { gender: 'female', date_of_birth: '1958-04-02', smoking: 'sometimes' },
      lastSignupStep: 4,
    });
  });

  it('clears the date of birth when continuing without personal info', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'PUT /api/user.php': () => json(makeUser()) });
    const onDone = renderStep('en');
    await user.click(screen.getByRole('button', { name: 'Continue without personal info' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({ profile: { date_of_birth: null }, lastSignupStep: 4 });
  });

  it('uses the native date input on an iPhone', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    renderStep('en');
    const input = screen.getByLabelText('Date of birth') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.min).toBe('1926-06-15');
    expect(input.max).toBe('2008-06-15');
    expect(screen.queryByRole('combobox', { name: 'Day' })).toBeNull();
  });
});
