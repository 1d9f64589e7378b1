import type { Page } from '@playwright/test';
import { en, expect, expectNoSidewaysScroll, test } from './fixtures';
import { activeMember, chatWithoutCredits, csrfHeaders, secondPage, untranslatedText } from './members';
import { PORT } from './playwright.config';

async function unreadIn(page: Page, conversationId: number): Promise<number | undefined> {
  const { chats } = (await (await page.request.get('/api/chats.php')).json()) as {
    chats: { conversation: { id: number }; num_unread_messages: number }[];
  };
  return chats.find((chat) => chat.conversation.id === conversationId)?.num_unread_messages;
}

const composer = (page: Page, name: string) => page.getByRole('textbox', { name: en('chats.message_label', { name }) });
const messages = (page: Page, name: string) => page.getByRole('list', { name: en('chats.messages_label', { name }) });

test('two members chat live: the message, the unread count, opening it and the answer arrive without reloading', async ({
  page,
  browser,
}) => {
  const anna = 'Annemarie';
  const bert = 'Bertus';
  await activeMember(page, anna);
  const other = await secondPage(browser);
  const bertId = await activeMember(other, bert);

  // B waits on the chat list; it stays open, never reloaded, for the rest of the test.
  await other.goto('/chats');
  await expect(other.getByRole('heading', { name: en('chats.title') })).toBeVisible();
  await expect(other.getByText(en('chats.empty'))).toBeVisible();

  // A opens B's profile and starts the chat from the Chat button.
  await page.goto(`/members/${bertId}`);
  await page.getByRole('link', { name: en('member_page.chat', { name: bert }) }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversationId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByText(/1 message costs \d+ credits/)).toBeVisible();
  await composer(page, bert).fill('Hello Bertus,\nfancy a walk on Sunday?');
  await composer(page, bert).press('Enter');
  await expect(messages(page, bert).getByText(/fancy a walk on Sunday\?/)).toBeVisible();
  await expect(composer(page, bert)).toHaveValue('');
  await expectNoSidewaysScroll(page);

  // B's list shows the new conversation with one unread message, live.
  const row = other.getByRole('link', { name: new RegExp(anna) });
  await expect(row).toBeVisible();
  await expect(row.getByText(en('chats.unread', { number: 1 }))).toBeAttached();
  expect(await unreadIn(other, conversationId)).toBe(1);

  // Opening it shows the message with its line break and sets the count to zero.
  await row.click();
  await expect(other).toHaveURL(new RegExp(`/chats/${conversationId}$`));
  await expect(messages(other, anna).getByText(/Hello Bertus,\s+fancy a walk/)).toBeVisible();
  await expect.poll(() => unreadIn(other, conversationId)).toBe(0);
  // A sees that B read it.
  await expect(messages(page, bert).getByText(en('chats.read'), { exact: false })).toBeVisible();

  // B answers; A's open conversation shows the answer without a reload.
  await composer(other, anna).fill('Yes, gladly!');
  await other.getByRole('button', { name: en('chats.send') }).click();
  await expect(messages(other, anna).getByText('Yes, gladly!')).toBeVisible();
  await expect(messages(page, bert).getByText('Yes, gladly!')).toBeVisible();

  // On a phone the list is one tap away, and the opened conversation has no unread count any more.
  await other.getByRole('link', { name: en('chats.back_to_list') }).click();
  await expect(other).toHaveURL(/\/chats$/);
  await expect(other.getByRole('link', { name: new RegExp(anna) })).toBeVisible();
  await expect(other.getByText(en('chats.unread', { number: 1 }))).toHaveCount(0);
  await expectNoSidewaysScroll(other);
  await other.context().close();
});

test('a member without enough credits is sent to the credits page, and the message waits there', async ({
  page,
  browser,
}) => {
  await chatWithoutCredits(page, browser, 'Cornelia', 'Dirk');

  await page.reload();
  await composer(page, 'Dirk').fill('One more for Dirk');
  await composer(page, 'Dirk').press('Enter');
  await expect(page).toHaveURL(/\/credits\?reason=insufficient/);
  const alert = page.getByRole('alert', { name: en('credits.insufficient_title') });
  await expect(alert.getByRole('heading', { name: en('credits.insufficient_title') })).toBeVisible();
  await expect(alert).toContainText(en('credits.insufficient_text'));
  await expect(page.getByRole('heading', { name: en('credits.buy_title') })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Back in the conversation the text is still there, and it was not sent.
  await alert.getByRole('link', { name: en('credits.back_to_chat') }).click();
  await expect(composer(page, 'Dirk')).toHaveValue('One more for Dirk');
  await expect(messages(page, 'Dirk').getByText('One more for Dirk')).toHaveCount(0);
});

test('a member blocks another from the conversation: it becomes unavailable and the profile disappears until unblocked', async ({
  page,
  browser,
}) => {
  await activeMember(page, 'Elisabeth');
  const other = await secondPage(browser);
  const frankId = await activeMember(other, 'Frank');

  await page.goto(`/members/${frankId}`);
  await page.getByRole('link', { name: en('member_page.chat', { name: 'Frank' }) }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversationPath = new URL(page.url()).pathname;
  await composer(page, 'Frank').fill('Hello Frank');
  await composer(page, 'Frank').press('Enter');
  await expect(messages(page, 'Frank').getByText('Hello Frank')).toBeVisible();

  await other.goto(conversationPath);
  await expect(messages(other, 'Elisabeth').getByText('Hello Frank')).toBeVisible();

  // Block through the header menu, confirmed in the dialog.
  await page.getByRole('button', { name: en('safety.actions', { name: 'Frank' }) }).click();
  await page.getByRole('button', { name: en('safety.block', { name: 'Frank' }) }).click();
  const dialog = page.getByRole('dialog', { name: en('safety.block_title', { name: 'Frank' }) });
  await dialog.getByRole('button', { name: en('safety.block_confirm') }).click();
  await expect(page).toHaveURL(/\/chats$/);

  // Both sides can still read, neither can write.
  await page.goto(conversationPath);
  await expect(page.getByText(en('chats.unavailable', { name: 'Frank' }))).toBeVisible();
  await expect(composer(page, 'Frank')).toHaveCount(0);
  await other.reload();
  await expect(other.getByText(en('chats.unavailable', { name: 'Elisabeth' }))).toBeVisible();

  // Frank's profile is gone for Elisabeth, in search as on his page.
  const search = (await (await page.request.get('/api/search.php?auto_load=1')).json()) as {
    profiles: { id: number }[];
  };
  expect(search.profiles.map((profile) => profile.id)).not.toContain(frankId);
  expect((await page.request.get(`/api/member.php?id=${frankId}`)).status()).toBe(404);

  // Undone from Elisabeth's settings: Frank leaves her list and his page is there again.
  await page.goto('/profile');
  const blocked = page.getByRole('region', { name: en('safety.blocked_title') });
  await blocked.getByRole('button', { name: en('safety.unblock_named', { name: 'Frank' }) }).click();
  await expect(blocked.getByRole('status')).toHaveText(en('safety.unblocked', { name: 'Frank' }));
  await expect(blocked.getByText(en('safety.blocked_empty'))).toBeVisible();
  const frankPage = await page.goto(`/members/${frankId}`);
  expect(frankPage?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Frank');
  await other.context().close();
});

test('a chat that cannot be started shows the error toast and stays on the profile', async ({ page }) => {
  await activeMember(page, 'Gerda');
  // The member's own profile cannot be chatted with, which is the easiest refusal to provoke.
  const user = (await (await page.request.get('/api/user.php')).json()) as { profile: { id: number } };
  await page.goto(`/members/${user.profile.id}/chat`);
  const toast = page.getByRole('alert').filter({ hasText: en('chats.start_failed') });
  await expect(toast).toContainText(en('chats.start_failed_title'));
  await expect(page).toHaveURL(new RegExp(`/members/${user.profile.id}/chat$`));
  await expect(page.getByRole('link', { name: en('chats.back_to_profile') })).toBeVisible();
});

test('every visible string of the chat list, a conversation and the credits page goes through translation', async ({
  page,
  browser,
  context,
}) => {
  await activeMember(page, 'Hilde');
  const other = await secondPage(browser);
  const ivoId = await activeMember(other, 'Ivo');
  await other.context().close();
  await page.goto(`/members/${ivoId}/chat`);
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversationPath = new URL(page.url()).pathname;

  await context.addCookies([{ name: 'i18n_redirected', value: 'pseudo', url: `http://localhost:${PORT}` }]);
  for (const [path, loaded] of [
    ['/chats', '.chat-list'],
    [conversationPath, '.message-cost'],
    ['/credits?reason=insufficient', '.credits-page table'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(loaded).first()).toBeVisible();
    expect(await untranslatedText(page), path).toEqual([]);
  }
});

test('a member who has not confirmed the address is told so in the composer and can have the mail again', async ({
  page,
  browser,
}) => {
  const jozefId = await activeMember(page, 'Jozef');
  // Signed up but never followed the activation link; an address of their own keeps the resend limit theirs.
  const unconfirmed = await secondPage(browser);
  await unconfirmed.goto('/');
  const signup = await unconfirmed.request.post('/api/user.php?new=1', {
    data: {
      email: `klaartje-${Date.now()}@example.test`,
      name: 'Klaartje',
      password: 'a member password',
      language: 'en',
    },
    headers: await csrfHeaders(unconfirmed),
  });
  expect(signup.status()).toBe(200);

  await unconfirmed.goto(`/members/${jozefId}/chat`);
  await expect(unconfirmed).toHaveURL(/\/chats\/\d+$/);
  await composer(unconfirmed, 'Jozef').fill('Hello Jozef');
  await composer(unconfirmed, 'Jozef').press('Enter');

  const conversation = unconfirmed.getByRole('region', { name: 'Jozef' });
  await expect(conversation.getByRole('alert')).toHaveText(en('chats.email_not_confirmed'));
  await expect(composer(unconfirmed, 'Jozef')).toHaveValue('Hello Jozef');
  await conversation.getByRole('button', { name: en('activate_reminder.resend') }).click();
  await expect(conversation.getByRole('status').filter({ hasText: en('activate_reminder.resent') })).toBeVisible();
  // Nothing reached Jozef.
  expect(((await (await page.request.get('/api/chats.php')).json()) as { chats: unknown[] }).chats).toEqual([]);
  await unconfirmed.context().close();
});
