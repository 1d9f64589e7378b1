import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithI18n, testI18n } from '../../../test/render';
import { BlockedMembers } from './blocked-members';

const t = testI18n.t;
const GRETA = { id: 12, name: 'Greta' };
const HANS = { id: 14, name: 'Hans' };

const section = () => screen.getByRole('region', { name: t('safety.blocked_title') });
const unblockButton = (name: string) => screen.getByRole('button', { name: t('safety.unblock_named', { name }) });

describe('the blocked members on the profile page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the blocked members and unblocks one, saying so', async () => {
    const user = userEvent.setup();
    let blocked = [GRETA, HANS];
    const api = fakeApi({
      'GET /api/block.php': () => json({ blocked }),
      'DELETE /api/block.php': (call) => {
        const { profile } = call.body as { profile: number };
        blocked = blocked.filter((member) => member.id !== profile);
        return json({ blocked });
      },
    });
    renderWithI18n(<BlockedMembers />);

    expect(within(section()).getByText(t('safety.blocked_loading')).getAttribute('role')).toBe('status');
    const list = await within(section()).findByRole('list', { name: t('safety.blocked_title') });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Greta${t('safety.unblock')}`, `Hans${t('safety.unblock')}`]);
    // Names are the members' own: a page translator must leave them alone.
    expect(within(list).getByText('Greta').getAttribute('translate')).toBe('no');

    await user.click(unblockButton('Greta'));

    await waitFor(() => expect(screen.queryByText('Greta')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe(t('safety.unblocked', { name: 'Greta' }));
    expect(api.callsTo('DELETE', '/api/block.php').map((call) => call.body)).toEqual([{ profile: 12 }]);
    // Focus stays in the list, on the next member's button, rather than falling back to the page.
    expect(document.activeElement).toBe(unblockButton('Hans'));

    await user.click(unblockButton('Hans'));
    expect(await screen.findByText(t('safety.blocked_empty'))).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(t('safety.unblocked', { name: 'Hans' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: t('safety.blocked_title') }));
  });

  it('says when nobody is blocked', async () => {
    fakeApi({ 'GET /api/block.php': () => json({ blocked: [] }) });
    renderWithI18n(<BlockedMembers />);
    expect(await screen.findByText(t('safety.blocked_empty'))).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when the list cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/block.php': () => json({ error: { code: 'internal', message: 'No' } }, 500) });
    renderWithI18n(<BlockedMembers />);
    expect((await screen.findByRole('alert')).textContent).toBe(t('safety.blocked_load_failed'));
  });

  it('keeps the member listed and says so when unblocking fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({
      'GET /api/block.php': () => json({ blocked: [GRETA] }),
      'DELETE /api/block.php': () => json({ error: { code: 'internal', message: 'No' } }, 500),
    });
    renderWithI18n(<BlockedMembers />);

    await user.click(await screen.findByRole('button', { name: t('safety.unblock_named', { name: 'Greta' }) }));

    expect((await screen.findByRole('alert')).textContent).toBe(t('safety.unblock_failed', { name: 'Greta' }));
    expect(screen.getByText('Greta')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.activeElement).toBe(unblockButton('Greta'));
  });
});
