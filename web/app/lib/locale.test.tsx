import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWebContext, renderWithRoot } from '../test/render';
import { useLocale } from './locale';

function ShowLocale() {
  return <p>{useLocale().locale}</p>;
}

const clearCookie = () => {
  document.cookie = 'i18n_redirected=; max-age=0; path=/';
};

describe('LocaleProvider (spec §1, §9 locale cookie)', () => {
  afterEach(clearCookie);

  it('keeps the language detected on a first visit in the i18n_redirected cookie', async () => {
    clearCookie();
    renderWithRoot(<ShowLocale />, { web: { ...makeWebContext(), locale: 'de' } });
    await screen.findByText('de');
    expect(document.cookie.split('; ')).toContain('i18n_redirected=de');
  });

  it('leaves a language the cookie already chose as it is', async () => {
    document.cookie = 'i18n_redirected=nl; path=/';
    renderWithRoot(<ShowLocale />, { web: { ...makeWebContext(), locale: 'nl' } });
    await screen.findByText('nl');
    expect(document.cookie.split('; ')).toContain('i18n_redirected=nl');
  });

  it('does not write the pseudo-locale, a test tool only a cookie turns on', async () => {
    clearCookie();
    renderWithRoot(<ShowLocale />, { web: { ...makeWebContext(), locale: 'pseudo' } });
    await screen.findByText('pseudo');
    expect(document.cookie).not.toContain('i18n_redirected');
  });
});
