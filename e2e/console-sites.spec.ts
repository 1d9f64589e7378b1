import { CLIENT_HEADER, type ModerationQueueResponse } from '@rendezvous/contract';
import { expectNoAxeViolations } from './axe';
import { adminConsole } from './console';
import { en, expect, test } from './fixtures';
import { csrfHeaders, secondPage, signUpConfirmed } from './members';

test('an admin adds a word to a site’s message rules: the change is reviewed, saved, kept in the history and in force at once', async ({
  browser,
}) => {
  const admin = await adminConsole(browser);
  await admin
    .getByRole('navigation', { name: en('console.nav.label') })
    .getByRole('link', { name: en('console.sites.nav') })
    .click();
  await expect(admin.getByRole('heading', { name: en('console.sites.title'), level: 1 })).toBeVisible();

  const form = admin.getByRole('form', { name: en('console.sites.form_label') });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(admin, 'the site settings form');
  const words = form.getByLabel(en('console.sites.fields.flag_words'));
  // Other tests never write this word, so no one else's message lands in the queue by it.
  await words.fill('sunflower');
  await form.getByRole('button', { name: en('console.sites.review.open') }).click();

  const review = admin.getByRole('region', { name: en('console.sites.review.title') });
  await expect(review.getByText('moderation.flag_words')).toBeVisible();
  await expect(review.getByText('["sunflower"]')).toBeVisible();
  await expectNoAxeViolations(admin, 'the review of the changes');
  // The site had no rules of its own: the two built-in rules are written out with the word.
  await review.getByRole('button', { name: en('console.sites.review.save', { count: 3 }) }).click();
  await expect(admin.getByRole('status').filter({ hasText: en('console.sites.saved') })).toBeVisible();
  const history = admin.getByRole('region', { name: en('console.sites.history.title') });
  await expect(history.getByText(/Ada Admin/)).toBeVisible();
  await expect(history.getByText('moderation.flag_words')).toBeVisible();

  const writer = await secondPage(browser);
  const walter = await signUpConfirmed(writer.request, 'Wendel');
  const reader = await secondPage(browser);
  const rosa = await signUpConfirmed(reader.request, 'Roos');
  const started = await writer.request.get(`/api/chat.php?profile=${rosa.id}`, { headers: { [CLIENT_HEADER]: 'e2e' } });
  const { id: conversation } = (await started.json()) as { id: number };
  const sent = await writer.request.post('/api/messages.php', {
    data: { conversation, body: 'I brought you a Sunflower from my garden' },
    headers: await csrfHeaders(writer.request),
  });
  expect(sent.status()).toBe(200);
  const queue = (await (
    await admin.request.get('/api/console/moderation/items?kind=rule')
  ).json()) as ModerationQueueResponse;
  expect(queue.items.some((item) => item.reported_member?.id === walter.id)).toBe(true);

  await Promise.all([admin.context().close(), writer.context().close(), reader.context().close()]);
});
