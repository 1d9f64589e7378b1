import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle } from './use-page-title';

function Page({ heading }: { heading: string | null }) {
  usePageTitle('Rendezvous');
  return <main>{heading === null ? <p>Loading</p> : <h1>{heading}</h1>}</main>;
}

/** MutationObserver callbacks run as a microtask after the change. */
const observed = () => act(() => Promise.resolve());

describe('usePageTitle (WCAG 2.4.2)', () => {
  afterEach(() => {
    document.title = '';
  });

  it("names the page by its heading before the site's name", () => {
    render(<Page heading="Members" />);
    expect(document.title).toBe('Members · Rendezvous');
  });

  it('follows the heading when it comes or changes with the data', async () => {
    const { rerender } = render(<Page heading={null} />);
    expect(document.title).toBe('Rendezvous');
    rerender(<Page heading="Hanna, 61" />);
    await observed();
    expect(document.title).toBe('Hanna, 61 · Rendezvous');
  });

  it("keeps the badge's unread count in front", async () => {
    document.title = '(3) Rendezvous';
    const { rerender } = render(<Page heading="Chats" />);
    expect(document.title).toBe('(3) Chats · Rendezvous');
    rerender(<Page heading="Likes" />);
    await observed();
    expect(document.title).toBe('(3) Likes · Rendezvous');
  });
});
