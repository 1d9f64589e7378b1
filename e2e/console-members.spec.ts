import fs from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { TWO_FACTOR_PATH, TWO_FACTOR_SETUP_PATH, type ConsoleMe, type TotpEnrolment } from '@rendezvous/contract';
import { generate } from 'otplib';
import { adminConsole, createStaff, logInEnrolled, staffContext, unique } from './console';
import { paidOrder } from './credits';
import { en, expect, test } from './fixtures';
import { mailedLink } from './mail';
import {
  MEMBER_PASSWORD,
  csrfHeaders,
  secondPage,
  signUpConfirmed,
  signUpUnconfirmed,
  type NewMember,
} from './members';

/* Member administration (issue 18): refunds within the giver's daily limit, and above it an admin's approval. */

/**
 * A new member who bought a package and paid (the purchase itself is the credits specs' subject);
 * answers them and the order's number.
 */
async function memberWhoPaid(page: Page, name: string, pack: 'starter' | 'regular') {
  const member = await signUpConfirmed(page.request, name);
  const { order } = await paidOrder(page.request, pack);
  return { member, orderId: order };
}

/** From the console's menu to the member's page, found by their e-mail address. */
async function openMember(console: Page, member: Pick<NewMember, 'email' | 'name'>) {
  await console
    .getByRole('navigation', { name: en('console.nav.label') })
    .getByRole('link', { name: en('console.members.nav') })
    .click();
  await console.getByRole('searchbox', { name: en('console.members.search.label') }).fill(member.email);
  await console.getByRole('button', { name: en('console.members.search.submit') }).click();
  await console.getByRole('link', { name: member.name }).click();
  await expect(console.getByRole('heading', { name: member.name, level: 1 })).toBeVisible();
}

async function refund(console: Page, orderId: number, reason: string) {
  const form = console.getByRole('form', { name: en('console.members.refund.title') });
  await form.getByLabel(en('console.members.refund.order')).selectOption(String(orderId));
  await form.getByLabel(en('console.members.adjust.reason')).fill(reason);
  await form.getByRole('button', { name: en('console.members.refund.submit') }).click();
}

const ordersTable = (console: Page) => console.getByRole('table', { name: en('console.members.orders.title') });
const orderRow = (console: Page, orderId: number) =>
  ordersTable(console)
    .getByRole('row')
    .filter({ has: console.getByRole('cell', { name: String(orderId), exact: true }) });

test('an admin refunds a payment at once: an admin has no daily limit', async ({ browser }) => {
  const [small, admin] = await Promise.all([
    secondPage(browser).then((page) => memberWhoPaid(page, 'Rosa', 'starter')),
    adminConsole(browser, 'Ada Approver'),
  ]);

  // The refund goes through the dev provider at once.
  await openMember(admin, small.member);
  await expect(orderRow(admin, small.orderId)).toContainText(en('console.members.orders.states.paid'));
  await refund(admin, small.orderId, 'Charged by mistake');
  await expect(admin.getByRole('status').filter({ hasText: en('console.members.adjust.done_refund') })).toBeVisible();
  await admin.reload();
  await expect(orderRow(admin, small.orderId)).toContainText(en('console.members.orders.states.refunded'));
  await expect(admin.getByRole('table', { name: en('console.members.ledger.title') })).toContainText(
    en('console.members.ledger.reasons.refund'),
  );
});

test("an operator's refund above their daily limit waits for an admin, whose approval gives the money back", async ({
  browser,
}) => {
  const buyer = await secondPage(browser);
  const [large, admin] = await Promise.all([
    memberWhoPaid(buyer, 'Ruben', 'regular'),
    adminConsole(browser, 'Ada Approver'),
  ]);

  // An operator's refund of €24.95 is over their €20 a day: it waits, and the order stays paid.
  const operatorEmail = `refunds-operator-${unique()}@console.test`;
  // An operator looks up members of the sites they work for only: this member's (localhost).
  const me = (await (await admin.request.get('/api/console/me')).json()) as ConsoleMe;
  const site = me.sites.find((candidate) => candidate.domain === 'localhost');
  if (!site) throw new Error('The demo data has no localhost site');
  const password = await createStaff(admin, {
    email: operatorEmail,
    name: 'Otto Operator',
    role: 'operator',
    sites: [site.id],
    languages: ['en'],
    capacity: 3,
  });
  const operator = await (await staffContext(browser)).newPage();
  await logInEnrolled(operator, operatorEmail, password);
  await openMember(operator, large.member);
  await refund(operator, large.orderId, 'Did not mean to buy');
  await expect(operator.getByRole('status').filter({ hasText: en('console.members.adjust.pending') })).toBeVisible();
  await expect(orderRow(operator, large.orderId)).toContainText(en('console.members.orders.states.paid'));

  // The admin approves it from the approvals list; the money goes back, and the member sees it.
  await admin
    .getByRole('navigation', { name: en('console.nav.label') })
    .getByRole('link', { name: en('console.approvals.nav') })
    .click();
  const request = admin.getByRole('listitem').filter({ hasText: large.member.email });
  await expect(request).toContainText('Otto Operator');
  await request.getByRole('button', { name: en('console.approvals.approve') }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: en('console.approvals.approved', { member: large.member.name }) }),
  ).toBeVisible();
  await expect(request).toHaveCount(0);

  // The console shows a refunded order as the first test does; here the member's side is what counts.
  await buyer.goto(`/transactions/${large.orderId}`);
  await expect(buyer.getByText(en('credits.order_state_refunded'))).toBeVisible();
});

/** A console admin of their own, logged in, and the account actions' section of the member page. */
async function supportAdmin(browser: Browser) {
  const admin = await adminConsole(browser, 'Sam Support');
  const actions = admin.getByRole('region', { name: en('console.members.actions.title') });
  const done = (key: string, values: Record<string, string> = {}) =>
    actions.getByRole('status').filter({ hasText: en(`console.members.actions.${key}`, values) });
  return { admin, actions, done };
}

test('an admin sends the activation mail again to a member who lost the first, and its link confirms the address', async ({
  browser,
}) => {
  const waiting = await secondPage(browser);
  const uma = { email: `uma-${unique()}@example.test`, name: 'Uma' };
  const [firstActivation, { admin, actions, done }] = await Promise.all([
    signUpUnconfirmed(waiting, { ...uma, password: MEMBER_PASSWORD }).then(() =>
      mailedLink(waiting.request, uma.email, /\/api\/activate/),
    ),
    supportAdmin(browser),
  ]);

  await openMember(admin, uma);
  await actions.getByRole('button', { name: en('console.members.actions.activation') }).click();
  await expect(done('done_activation')).toBeVisible();
  let activation = firstActivation;
  await expect(async () => {
    activation = await mailedLink(waiting.request, uma.email, /\/api\/activate/);
    expect(activation).not.toBe(firstActivation);
  }).toPass();
  await waiting.goto(activation);
  await expect(waiting).toHaveURL(/\/activate\/done$/);

  await Promise.all([admin.context().close(), waiting.context().close()]);
});

test('an admin sends a member a password reset, and a link to a new address that only the new mailbox can use', async ({
  browser,
}) => {
  const member = await secondPage(browser);
  const [pia, { admin, actions, done }] = await Promise.all([
    signUpConfirmed(member.request, 'Pia'),
    supportAdmin(browser),
  ]);

  // A password reset: the member gets the normal mail, whose link opens the new password form.
  await openMember(admin, pia);
  await expect(actions.getByRole('button', { name: en('console.members.actions.activation') })).toHaveCount(0);
  await actions.getByRole('button', { name: en('console.members.actions.password_reset') }).click();
  await expect(done('done_password_reset')).toBeVisible();
  await member.goto(await mailedLink(member.request, pia.email, /\/reset-password\/do\?token=/));
  await expect(member.getByRole('textbox', { name: en('reset.new_password'), exact: true })).toBeVisible();

  // A new address on request: the link goes to the new address, and only it changes the account.
  const newEmail = `pia-new-${unique()}@example.test`;
  const change = actions.getByRole('form', { name: en('console.members.actions.email_title') });
  await change.getByLabel(en('console.members.actions.email_label')).fill(newEmail);
  await change.getByRole('button', { name: en('console.members.actions.email_submit') }).click();
  await expect(done('done_email_change', { email: newEmail })).toBeVisible();
  expect(((await (await member.request.get('/api/user.php')).json()) as { email: string }).email).toBe(pia.email);
  await member.goto(await mailedLink(member.request, newEmail, /\/mail-change\/do\?token=/));
  await member.getByRole('button', { name: en('email_change.do_submit') }).click();
  await expect(
    member.getByRole('status').filter({ hasText: en('email_change.done', { email: newEmail }) }),
  ).toBeVisible();
  expect(((await (await member.request.get('/api/user.php')).json()) as { email: string }).email).toBe(newEmail);

  await Promise.all([admin.context().close(), member.context().close()]);
});

test('an admin turns off a member’s two-factor login, downloads their data, then deletes the account as the member could', async ({
  browser,
}) => {
  const member = await secondPage(browser);
  const pia = await signUpConfirmed(member.request, 'Petra');
  // The member turned two-factor login on, then lost both the phone and the recovery codes.
  const headers = await csrfHeaders(member.request);
  const { secret } = (await (await member.request.post(TWO_FACTOR_SETUP_PATH, { headers })).json()) as TotpEnrolment;
  const turnedOn = await member.request.put(TWO_FACTOR_PATH, { data: { code: await generate({ secret }) }, headers });
  expect(turnedOn.status()).toBe(200);
  const { admin, actions, done } = await supportAdmin(browser);
  await openMember(admin, pia);

  await actions.getByRole('button', { name: en('console.members.actions.two_factor_reset') }).click();
  const turnOff = admin.getByRole('dialog', {
    name: en('console.members.actions.two_factor_title', { name: 'Petra' }),
  });
  await turnOff.getByRole('button', { name: en('console.members.actions.two_factor_confirm') }).click();
  await expect(done('done_two_factor_reset')).toBeVisible();
  await expect(actions.getByRole('button', { name: en('console.members.actions.two_factor_reset') })).toHaveCount(0);
  expect(((await (await member.request.get(TWO_FACTOR_PATH)).json()) as { enabled: boolean }).enabled).toBe(false);

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    actions.getByRole('button', { name: en('console.members.actions.export') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`member-${pia.id}.json`);
  const exported = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as {
    data: { account: { id: number; email: string; name: string } };
  };
  expect(exported.data.account).toMatchObject({ id: pia.id, email: pia.email, name: 'Petra' });
  await expect(done('done_export')).toBeVisible();

  // Asked first; then the member's session is over and the account is gone from the console's actions.
  await actions.getByRole('button', { name: en('console.members.actions.delete') }).click();
  const confirm = admin.getByRole('dialog', { name: en('console.members.actions.delete_title', { name: 'Petra' }) });
  await confirm.getByRole('button', { name: en('console.members.actions.delete_confirm') }).click();
  await expect(done('done_delete')).toBeVisible();
  await expect(actions.getByRole('button', { name: en('console.members.actions.delete') })).toHaveCount(0);
  expect((await member.request.get('/api/user.php')).status()).toBe(403);

  await Promise.all([admin.context().close(), member.context().close()]);
});
