import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EN_MESSAGES, createTestI18n, renderWithRoot } from '../../test/render';
import { LanguageSwitcher } from './language-switcher';

const DUTCH = { ...EN_MESSAGES, nav: { language: 'Taal' } };

describe('LanguageSwitcher', () => {
  beforeEach(() => {
    // The catalogue request is the browser's fetch, the one outside piece here.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(DUTCH), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'i18n_redirected=; max-age=0; path=/';
    document.documentElement.lang = '';
  });

  it('lists the seven languages, each in its own name', () => {
    renderWithRoot(<LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'English',
      'Nederlands',
      'Deutsch',
      'Italiano',
      'Français',
      'Español',
      'Polski',
    ]);
    expect(select.value).toBe('en');
  });

  it('switches the interface language', async () => {
    const user = userEvent.setup({ delay: null });
    const i18n = createTestI18n();
    renderWithRoot(<LanguageSwitcher />, { i18n });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Nederlands');

    // The choice shows at once, while the Dutch catalogue loads.
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('nl');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Taal' })).toBeTruthy());
    expect(fetch).toHaveBeenCalledWith('/_i18n/test/nl/messages.json');
    expect(i18n.language).toBe('nl');
    expect(document.cookie).toContain('i18n_redirected=nl');
    expect(document.documentElement.lang).toBe('nl-NL');
  });
});
