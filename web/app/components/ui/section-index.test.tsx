import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { Section } from './section';
import { SectionIndex } from './section-index';

function LongPage() {
  const page = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  return (
    <div ref={page}>
      <SectionIndex within={page} label="Parts of your profile" />
      <Section title="Photos">
        <button type="button" onClick={() => setMore(true)}>
          Show more
        </button>
      </Section>
      <Section title="Where you live">
        <p>Utrecht</p>
      </Section>
      {more ? (
        <section aria-labelledby="blocked">
          <h2 id="blocked">Blocked members</h2>
        </section>
      ) : null}
    </div>
  );
}

const index = () => screen.getByRole('navigation', { name: 'Parts of your profile' });

describe('SectionIndex', () => {
  // jsdom lays nothing out, so it has no scrolling of its own.
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('links every titled section of the page, and one that appears later too', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<LongPage />);
    expect(
      within(index())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Photos', 'Where you live']);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(index()).findByRole('link', { name: 'Blocked members' })).toBeTruthy();
  });

  it("takes the focus to the section's heading, so a keyboard carries on from there", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<LongPage />);
    await user.click(within(index()).getByRole('link', { name: 'Where you live' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Where you live' }));
  });
});
