import fs from 'node:fs';
import { en, expect, test } from './fixtures';
import { mailedLink } from './mail';
import { csrfHeaders, signUpConfirmed } from './members';

// A 1×1 PNG: the server re-encodes whatever it gets into a main size and a thumbnail.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('a member asks for their data, follows the mailed link and downloads the zip', async ({ page }) => {
  const member = await signUpConfirmed(page.request, 'Exporter');
  const upload = await page.request.post('/api/profileimage.php', {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
    headers: await csrfHeaders(page.request),
  });
  expect(upload.status()).toBe(200);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: en('privacy.export_title') });
  await section.getByRole('button', { name: en('privacy.export_request') }).click();
  await expect(section.getByRole('status')).toHaveText(en('privacy.export_pending'));

  const link = await mailedLink(page.request, member.email, /data_export=/);
  await page.goto(link);
  const ready = page.getByRole('region', { name: en('privacy.export_title') });
  await expect(ready.getByRole('status')).toContainText(/MB|kB/);
  const downloading = page.waitForEvent('download');
  await ready.getByRole('link', { name: en('privacy.export_download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = fs.readFileSync(await download.path());
  // A zip (local file header "PK\3\4") whose directory names the account and the photo.
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(zip.includes('account.json')).toBe(true);
  expect(zip.toString('latin1')).toMatch(/photos\/[a-f0-9]{32}\.jpg/);
});
