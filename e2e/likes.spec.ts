import { en, expect, test } from './fixtures';
import { activeMember, secondPage, untranslatedText } from './members';
import { PORT } from './playwright.config';

test('a member likes another from their page; the other sees the like as new until they open it', async ({
  page,
  browser,
}) => {
  const liker = 'Annelies';
  const liked = 'Bram';
  const likerId = await activeMember(page, liker);
  const other = await secondPage(browser);
  const likedId = await activeMember(other, liked);

  // A likes B on B's page: the heart is pressed at once and still pressed after a reload.
  await page.goto(`/members/${likedId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(liked);
  await page.getByRole('button', { name: en('likes.like', { name: liked }) }).click();
  const pressed = page.getByRole('button', { name: en('likes.unlike', { name: liked }) });
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await expect(pressed).not.toHaveAttribute('aria-busy', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: en('likes.unlike', { name: liked }) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A's own likes list it under "You liked".
  await page.goto('/likes/sent');
  await expect(
    page.getByRole('list', { name: en('likes.tab_sent') }).getByRole('link', { name: liked, exact: true }),
  ).toBeVisible();

  // B sees A among the received likes, marked new.
  await other.goto('/likes');
  const received = other.getByRole('list', { name: en('likes.tab_received') });
  const card = received.getByRole('listitem').filter({ has: other.getByRole('link', { name: liker, exact: true }) });
  await expect(card.getByText(en('likes.new'), { exact: true })).toBeVisible();

  // Opening A's profile from there goes to the likes alias, without the chat button, and clears "new".
  await card.getByRole('link', { name: liker, exact: true }).click();
  await expect(other).toHaveURL(new RegExp(`/likes/m/${likerId}$`));
  await expect(other.getByRole('heading', { level: 1 })).toContainText(liker);
  await expect(other.getByRole('link', { name: en('member_page.chat', { name: liker }) })).toHaveCount(0);
  await other.getByRole('link', { name: en('likes.back') }).click();
  await expect(other).toHaveURL(/\/likes$/);
  const again = other
    .getByRole('list', { name: en('likes.tab_received') })
    .getByRole('listitem')
    .filter({ has: other.getByRole('link', { name: liker, exact: true }) });
  await expect(again).toBeVisible();
  await expect(again.getByText(en('likes.new'), { exact: true })).toHaveCount(0);

  // B likes back from the likes screen: the two are now mutual.
  await again.getByRole('button', { name: en('likes.like', { name: liker }) }).click();
  await expect(again.getByRole('button', { name: en('likes.unlike', { name: liker }) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await other.getByRole('link', { name: en('likes.tab_mutual') }).click();
  await expect(
    other.getByRole('list', { name: en('likes.tab_mutual') }).getByRole('link', { name: liker, exact: true }),
  ).toBeVisible();
  await other.context().close();
});

test('every visible string of the likes screens goes through translation, and they fit 360 pixels', async ({
  page,
  browser,
  context,
}) => {
  await activeMember(page, 'Jolien');
  const other = await secondPage(browser);
  await activeMember(other, 'Kees');
  const likedId = (await (await page.request.get('/api/user.php')).json()) as { profile: { id: number } };
  await other.goto(`/members/${likedId.profile.id}`);
  await other.getByRole('button', { name: en('likes.like', { name: 'Jolien' }) }).click();
  await expect(other.getByRole('button', { name: en('likes.unlike', { name: 'Jolien' }) })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await other.context().close();

  await context.addCookies([{ name: 'i18n_redirected', value: 'pseudo', url: `http://localhost:${PORT}` }]);
  for (const path of ['/likes', '/likes/sent', '/likes/mutual']) {
    await page.goto(path);
    await expect(page.locator(path === '/likes' ? '.likes-new' : 'main p').first()).toBeVisible();
    expect(await untranslatedText(page), path).toEqual([]);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
  }
});
