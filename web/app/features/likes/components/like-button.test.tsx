import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { LikeButton } from './like-button';

const t = testI18n.t;
const web = makeWebContext({ user: makeUser() });
/** The button as a logged-in member's page holds it. */
const renderButton = (ui: Parameters<typeof renderWithRoot>[0]) => renderWithRoot(ui, { web });

/** A response the test hands out when it chooses, to hold a request "in flight". */
function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

describe('LikeButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is a toggle named for the member, pressed when liked', () => {
    renderButton(<LikeButton profileId={1} name="Greta" liked={false} />);
    const button = screen.getByRole('button', { name: t('likes.like', { name: 'Greta' }) });
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the like at once and sends it once', async () => {
    const pending = deferred();
    const api = fakeApi({ 'POST /api/likes.php': () => pending.promise });
    renderButton(<LikeButton profileId={2} name="Greta" liked={false} />);

    fireEvent.click(screen.getByRole('button', { name: t('likes.like', { name: 'Greta' }) }));
    const pressed = screen.getByRole('button', { name: t('likes.unlike', { name: 'Greta' }) });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(pressed.getAttribute('aria-busy')).toBe('true');

    await act(async () => pending.resolve(json({ ok: true })));
    await waitFor(() => expect(pressed.getAttribute('aria-busy')).toBeNull());
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/likes.php', body: { profile: 2 } }]);
  });

  it('collapses rapid taps into one request for the state the member ended on', async () => {
    const first = deferred();
    const api = fakeApi({
      'POST /api/likes.php': () => first.promise,
      'DELETE /api/likes.php': () => json({ ok: true }),
    });
    renderButton(<LikeButton profileId={3} name="Greta" liked={false} />);
    const button = screen.getByRole('button');

    // Like, unlike, like, unlike while the first like is on its way: the member ends on "not liked".
    for (let tap = 0; tap < 4; tap++) fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await act(async () => first.resolve(json({ ok: true })));
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(api.calls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('sends nothing more when the taps end where the server already is', async () => {
    const first = deferred();
    const api = fakeApi({ 'POST /api/likes.php': () => first.promise });
    renderButton(<LikeButton profileId={4} name="Greta" liked={false} />);
    const button = screen.getByRole('button');

    for (let tap = 0; tap < 3; tap++) fireEvent.click(button);
    await act(async () => first.resolve(json({ ok: true })));
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(api.calls.map((call) => call.method)).toEqual(['POST']);
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('starts from what this tab last confirmed when mounted from an older list (back to the results)', async () => {
    fakeApi({ 'POST /api/likes.php': () => json({ ok: true }) });
    const first = renderButton(<LikeButton profileId={6} name="Greta" liked={false} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByRole('button').getAttribute('aria-busy')).toBeNull());
    first.unmount();

    renderButton(<LikeButton profileId={6} name="Greta" liked={false} />);
    expect(
      screen.getByRole('button', { name: t('likes.unlike', { name: 'Greta' }) }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('goes back to the server state when the request fails, and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi({ 'DELETE /api/likes.php': () => json({ error: { code: 'internal', message: 'Down' } }, 500) });
    renderButton(<LikeButton profileId={5} name="Greta" liked />);
    const button = screen.getByRole('button', { name: t('likes.unlike', { name: 'Greta' }) });

    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(warn).toHaveBeenCalledWith('like toggle failed', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
