import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasNamespaces, loadCatalogue, loadWholeCatalogue, registerPageCatalogue } from './catalogue-loader';
import { pickNamespaces } from './catalogue-namespaces';
import { createI18n } from './i18n';

const WHOLE = {
  ui: { close: 'Close' },
  landers: { common: { cta: 'Join now' }, video: { live: 'Live now' }, map: { title: 'Members near you' } },
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the words a page came with', () => {
  it('counts a namespace it got only a part of as missing, until the whole catalogue is in', async () => {
    const picked = ['ui', 'landers.common', 'landers.video'];
    const i18n = createI18n('en', pickNamespaces(WHOLE, picked));
    registerPageCatalogue(i18n, 'hash-1', picked);
    const fetched = vi.fn(async () => new Response(JSON.stringify(WHOLE)));
    vi.stubGlobal('fetch', fetched);

    expect(hasNamespaces(i18n, ['ui', 'landers.video'])).toBe(true);
    // The page holds a `landers` object, but not the map lander's words in it.
    expect(hasNamespaces(i18n, ['landers'])).toBe(false);
    expect(hasNamespaces(i18n, ['landers.map'])).toBe(false);

    await loadWholeCatalogue();

    expect(fetched).toHaveBeenCalledWith('/_i18n/hash-1/en/messages.json');
    expect(hasNamespaces(i18n, ['landers', 'landers.map'])).toBe(true);
    expect(i18n.t('landers.map.title')).toBe('Members near you');
    // The words the page came with are still there.
    expect(i18n.t('landers.video.live')).toBe('Live now');
    expect(i18n.t('ui.close')).toBe('Close');
  });

  it('reads the page’s list through the instance components are handed, prefix entries included', () => {
    const catalogue = { signup: { title: 'Sign up', value_female: 'Woman', photo_title: 'A photo' } };
    const picked = ['signup.title', 'signup.value_*'];
    const i18n = createI18n('en', pickNamespaces(catalogue, picked));
    registerPageCatalogue(i18n, 'hash-2', picked);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    const handed = renderHook(() => useTranslation().i18n, { wrapper }).result.current;

    expect(hasNamespaces(handed, ['signup.title', 'signup.value_*'])).toBe(true);
    expect(hasNamespaces(handed, ['signup'])).toBe(false);
  });
});

describe('the whole catalogue of a language', () => {
  it('is fetched once and kept in local storage for the next page, once the page is idle', async () => {
    const fetched = vi.fn(() => Promise.resolve(new Response(JSON.stringify(WHOLE))));
    vi.stubGlobal('fetch', fetched);

    expect(await loadCatalogue('hash1', 'en')).toEqual(WHOLE);
    expect(fetched).toHaveBeenCalledWith('/_i18n/hash1/en/messages.json');
    await vi.waitFor(() => expect(localStorage.getItem('i18n:hash1:en')).not.toBeNull());

    expect(await loadCatalogue('hash1', 'en')).toEqual(WHOLE);
    expect(fetched).toHaveBeenCalledTimes(1);
  });
});
