import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ContentDocument } from '../../../components/content/content-document';
import { makeWebContext, renderWithRoot } from '../../../test/render';
import { LegalLinks } from './legal-links';

const terms: ContentDocument = {
  locale: 'en',
  requestedLocale: 'en',
  title: 'Terms and conditions',
  toc: [
    { id: 'definitions', title: 'Definitions' },
    { id: 'fictional-profiles', title: 'Fictional profiles' },
  ],
  html:
    '<section aria-labelledby="definitions"><h2 id="definitions" tabindex="-1">Definitions</h2><p>We means us.</p></section>' +
    '<section aria-labelledby="fictional-profiles"><h2 id="fictional-profiles" tabindex="-1">Fictional profiles</h2>' +
    '<p>Operators write their messages.</p></section>',
};

/** The sign-up form's consent line on a page whose router also has the terms page's loader, as the app does. */
function renderLegalLinks(loadTerms: () => Promise<{ page: string; document: ContentDocument }>) {
  return renderWithRoot(<LegalLinks />, {
    web: makeWebContext({ settings: { fictional_plural: 'hosts' } }),
    routes: [{ id: 'pages-terms', path: '/pages/terms', loader: loadTerms, Component: () => null }],
  });
}

describe('the legal links under the sign-up form', () => {
  it('names the fictional profiles by the site plural', () => {
    renderLegalLinks(async () => ({ page: 'terms', document: terms }));
    expect(screen.getByRole('link', { name: 'hosts' }).getAttribute('href')).toBe('/pages/terms#fictional-profiles');
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/pages/terms');
    expect(screen.getByRole('link', { name: 'privacy statement' }).getAttribute('href')).toBe('/pages/privacy');
  });

  it('shows a loading state, then the full terms from the page loader in a large modal', async () => {
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const loadTerms = vi.fn(async () => {
      await loaded;
      return { page: 'terms', document: terms };
    });
    const user = userEvent.setup({ delay: null });
    renderLegalLinks(loadTerms);

    await user.click(screen.getByRole('link', { name: 'terms and conditions' }));
    // The modal loads with the first opened link, not with the form.
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(dialog.className).toContain('max-w-5xl');
    expect(within(dialog).getByRole('status').textContent).toBe('Loading the text…');

    release();
    expect(await within(dialog).findByRole('heading', { level: 2, name: 'Fictional profiles' })).toBeTruthy();
    expect(within(dialog).getByText('Operators write their messages.')).toBeTruthy();
    expect(within(dialog).getByRole('navigation', { name: 'Contents' })).toBeTruthy();
    expect(loadTerms).toHaveBeenCalledTimes(1);
  });
});
