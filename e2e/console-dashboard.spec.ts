import fs from 'node:fs/promises';
import { expectNoAxeViolations } from './axe';
import { adminConsole } from './console';
import { en, expect, test } from './fixtures';
import { secondPage, signUpConfirmed } from './members';

test('an admin reads today’s sign-ups on the dashboard, as a chart and a table, and downloads the days as CSV', async ({
  browser,
}) => {
  const member = await secondPage(browser);
  await signUpConfirmed(member.request, 'Dana');

  const admin = await adminConsole(browser);
  await admin
    .getByRole('navigation', { name: en('console.nav.label') })
    .getByRole('link', { name: en('console.dashboard.nav') })
    .click();
  await expect(admin.getByRole('heading', { name: en('console.dashboard.title'), level: 1 })).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  const chart = admin.getByRole('figure', { name: en('console.dashboard.charts.signups') });
  // The chart is named by its highest day, whichever that is with the demo data and other tests.
  await expect(
    chart.getByRole('img', { name: new RegExp(`^${en('console.dashboard.charts.signups')}: \\d{4}-`) }),
  ).toBeVisible();
  const days = admin.getByRole('table', { name: en('console.dashboard.days') });
  const todayRow = days.getByRole('row').filter({ hasText: today });
  // Sign-ups is the third column; other tests sign up too, so at least this test's member.
  expect(Number(await todayRow.getByRole('cell').nth(2).textContent())).toBeGreaterThanOrEqual(1);
  await expectNoAxeViolations(admin, 'the dashboard');

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: en('console.dashboard.csv_days') }).click(),
  ]);
  const csv = await fs.readFile(await download.path(), 'utf8');
  const [header, ...rows] = csv.trim().split('\r\n');
  expect(header).toBe(
    'day,visits,signups,confirmations,first_purchases,revenue_net,refunds_net,member_messages,operator_answers,median_answer_seconds',
  );
  expect(rows).toHaveLength(30);
  const todayCells = rows.find((row) => row.startsWith(today))?.split(',') ?? [];
  expect(Number(todayCells[2])).toBeGreaterThanOrEqual(1);

  await Promise.all([admin.context().close(), member.context().close()]);
});
