import type { Notification, NotificationsResponse } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../test/render';
import Notifications from './notifications';

const t = testI18n.t;

function notification(id: number, overrides: Partial<Notification>): Notification {
  return {
    id,
    kind: 'like',
    actor: null,
    conversation: null,
    data: {},
    created_at: '2026-11-20T10:00:00Z',
    read: false,
    ...overrides,
  };
}

const LIST: NotificationsResponse = {
  notifications: [
    notification(3, {
      kind: 'message',
      actor: { id: 9, name: 'Greta', main_image: { thumb_filename: 'greta-thumb.jpg' } },
      conversation: 41,
    }),
    notification(2, { kind: 'like', actor: { id: 8, name: 'Ingrid', main_image: null }, read: true }),
    notification(1, { kind: 'email_change_incorrect' }),
  ],
  num_unread: 2,
};

const web = () => makeWebContext({ user: makeUser() });

describe('/notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each notification linking to its screen, unread ones marked', async () => {
    fakeApi({ 'GET /api/notifications.php': () => json(LIST) });
    renderWithRoot(<Notifications />, { web: web(), path: '/notifications' });

    const list = await screen.findByRole('list', { name: t('notifications.title') });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/chats/41',
      '/likes/m/8',
      '/notifications#email-change-incorrect',
    ]);
    expect(links[0]!.textContent).toContain(`${t('notifications.unread')}: `);
    expect(links[0]!.textContent).toContain(t('notifications.message', { name: 'Greta' }));
    expect(links[1]!.textContent).not.toContain(t('notifications.unread'));
    expect(links[1]!.textContent).toContain(t('notifications.like', { name: 'Ingrid' }));
    // The actors' thumbnails, or their initial.
    expect(links[0]!.querySelector('img')?.getAttribute('src')).toMatch(/\/media\/greta-thumb\.jpg$/);
    expect(links[1]!.textContent).toMatch(/^I/);
    // A notice of an undone e-mail change brings its explanation along.
    expect(screen.getByRole('heading', { name: t('notifications.email_change_title') })).toBeTruthy();
  });

  it('marks all as read', async () => {
    const read = { ...LIST, notifications: LIST.notifications.map((item) => ({ ...item, read: true })), num_unread: 0 };
    const api = fakeApi({
      'GET /api/notifications.php': () => json(LIST),
      'PUT /api/notifications.php': () => json(read),
    });
    renderWithRoot(<Notifications />, { web: web(), path: '/notifications' });

    await userEvent.click(await screen.findByRole('button', { name: t('notifications.mark_all_read') }));
    expect(api.callsTo('PUT', '/api/notifications.php')).toEqual([
      { method: 'PUT', url: '/api/notifications.php', body: { all: true } },
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: t('notifications.mark_all_read') })).toBeNull());
    expect(screen.queryByText(`${t('notifications.unread')}:`, { exact: false })).toBeNull();
  });

  it('marks one read when it is opened', async () => {
    const api = fakeApi({
      'GET /api/notifications.php': () => json(LIST),
      'PUT /api/notifications.php': () => json(LIST),
    });
    renderWithRoot(<Notifications />, { web: web(), path: '/notifications' });
    await userEvent.click(
      await screen.findByRole('link', { name: new RegExp(t('notifications.message', { name: 'Greta' })) }),
    );
    expect(api.callsTo('PUT', '/api/notifications.php').map((call) => call.body)).toEqual([{ ids: [3] }]);
  });

  it('explains an undone e-mail change at #email-change-incorrect, even before the notice is listed', async () => {
    fakeApi({ 'GET /api/notifications.php': () => json({ notifications: [], num_unread: 0 }) });
    renderWithRoot(<Notifications />, { web: web(), path: '/notifications#email-change-incorrect' });

    const card = await screen.findByRole('region', { name: t('notifications.email_change_title') });
    expect(card.id).toBe('email-change-incorrect');
    expect(within(card).getByRole('link', { name: t('notifications.change_password') })).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: t('notifications.contact_support') })
        .getAttribute('href'),
    ).toMatch(/^mailto:/);
    expect(await screen.findByText(t('notifications.empty'))).toBeTruthy();
  });

  it('offers a retry when loading fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/notifications.php': () => json({ error: { code: 'internal', message: 'x' } }, 500) });
    renderWithRoot(<Notifications />, { web: web(), path: '/notifications' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: t('notifications.retry') })).toBeTruthy();
  });
});
