import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeWebContext, renderWithRoot } from '../../test/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('links the legal pages, customer service and the page that cancels a contract', () => {
    renderWithRoot(<Footer />);
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Terms and conditions', '/pages/terms'],
      ['Privacy statement', '/pages/privacy'],
      ['Cookie policy', '/pages/cookies'],
      ['Frequently asked questions', '/pages/faq'],
      ['Customer service', '/pages/service'],
      ['Complaints', '/complaints'],
      ['Cancel a contract here', '/cancel-contract'],
    ]);
  });

  it('names the company behind the site', () => {
    renderWithRoot(<Footer />);
    const footer = screen.getByRole('contentinfo');
    for (const line of [
      'Example Media B.V.',
      'Keizersgracht 1',
      '1016 EK Amsterdam',
      'Netherlands',
      'Chamber of Commerce 81234567',
    ]) {
      expect(footer.textContent).toContain(line);
    }
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Rendezvous`);
  });

  it("names the company's country in the reader's language (issue 21)", () => {
    renderWithRoot(<Footer />, { web: { ...makeWebContext(), locale: 'de' } });
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('Niederlande');
    expect(footer.textContent).not.toContain('Netherlands');
  });

  it('is not there when the template turns it off', () => {
    renderWithRoot(<Footer />, { web: makeWebContext({ features: { footer: false } }) });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
