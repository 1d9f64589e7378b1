import { CLIENT_HEADER } from '@rendezvous/contract';
import { en, expect, test } from './fixtures';
import { activeMember, csrfHeaders, secondPage } from './members';

// Push needs the service worker.
test.use({ serviceWorkers: 'allow' });

test('a liked and written member finds both on /notifications, marks everything read and opens the like', async ({
  page,
  browser,
}) => {
  const liker = 'Cornelis';
  const liked = 'Dieuwke';
  const likerId = await activeMember(page, liker);
  const other = await secondPage(browser);
  await activeMember(other, liked);
  const likedId = ((await (await other.request.get('/api/user.php')).json()) as { profile: { id: number } }).profile.id;

  // A likes B through the API, as the like button does.
  const like = await page.request.post('/api/likes.php', {
    data: { profile: likedId },
    headers: await csrfHeaders(page),
  });
  expect(like.ok()).toBe(true);
  // And writes to B, paid from the welcome credits.
  // Starting a chat is a GET only our own pages may make: they send the client header.
  const started = await page.request.get(`/api/chat.php?profile=${likedId}`, {
    headers: { [CLIENT_HEADER]: '@rendezvous/web@e2e' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const chat = (await started.json()) as { id: number };
  const sent = await page.request.post('/api/messages.php', {
    data: { conversation: chat.id, body: 'Hallo Dieuwke' },
    headers: await csrfHeaders(page),
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await other.goto('/notifications');
  const list = other.getByRole('list', { name: en('notifications.title') });
  const item = list.getByRole('link', { name: new RegExp(en('notifications.like', { name: liker })) });
  await expect(item).toBeVisible();
  await expect(item).toContainText(en('notifications.unread'));
  await expect(item).toHaveAttribute('href', `/likes/m/${likerId}`);
  const written = list.getByRole('link', { name: new RegExp(en('notifications.message', { name: liker })) });
  await expect(written).toHaveAttribute('href', `/chats/${chat.id}`);
  await expect(written).toContainText(en('notifications.unread'));

  await other.getByRole('button', { name: en('notifications.mark_all_read') }).click();
  await expect(item).not.toContainText(en('notifications.unread'));
  await expect(written).not.toContainText(en('notifications.unread'));
  await expect(other.getByRole('button', { name: en('notifications.mark_all_read') })).toHaveCount(0);
  // Read stays read.
  await other.reload();
  await expect(
    list.getByRole('link', { name: new RegExp(en('notifications.like', { name: liker })) }),
  ).not.toContainText(en('notifications.unread'));

  // Opening it goes to the liker's profile from the likes.
  await list.getByRole('link', { name: new RegExp(en('notifications.like', { name: liker })) }).click();
  await expect(other).toHaveURL(new RegExp(`/likes/m/${likerId}$`));
  await expect(other.getByRole('heading', { level: 1 })).toContainText(liker);
  await other.context().close();
});

test('/notifications#email-change-incorrect explains an undone e-mail change', async ({ page }) => {
  await activeMember(page, 'Evert');
  await page.goto('/notifications#email-change-incorrect');
  const card = page.locator('#email-change-incorrect');
  await expect(card.getByRole('heading', { name: en('notifications.email_change_title') })).toBeVisible();
  await expect(card).toBeInViewport();
  await expect(card.getByRole('link', { name: en('notifications.change_password') })).toHaveAttribute(
    'href',
    '/profile#profile-account',
  );
  await expect(card.getByRole('link', { name: en('notifications.contact_support') })).toHaveAttribute(
    'href',
    /^mailto:/,
  );
});

test('the push setting on /profile shows its state and the push worker passes the page policy', async ({ page }) => {
  await activeMember(page, 'Femke');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: en('push.title') });
  await expect(section).toBeVisible();
  const states = ['push.state_on', 'push.state_off', 'push.state_denied', 'push.state_unsupported'].map((key) =>
    en(key),
  );
  const status = section.getByRole('status');
  await expect(status).toHaveText(
    new RegExp(states.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')),
  );
  // Headless Chromium has the push APIs: the versioned worker is registered at /sw.js?v=2.
  if ((await status.getAttribute('data-push-setting')) !== 'unsupported') {
    const script = await page.evaluate(
      async () =>
        (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ??
        (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(script).toMatch(/\/sw\.js\?v=2$/);
  }
  const worker = await page.request.get('/sw.js?v=2');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
});
