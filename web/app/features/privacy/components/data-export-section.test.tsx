import type { DataExport } from '@rendezvous/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { DataExportSection } from './data-export-section';

const t = testI18n.t;
const section = () => screen.getByRole('region', { name: t('privacy.export_title') });
const READY: DataExport = {
  id: 'abc123',
  state: 'ready',
  requested_at: Date.UTC(2026, 11, 5, 9),
  ready_at: Date.UTC(2026, 11, 5, 9, 1),
  expires_at: Date.UTC(2026, 11, 12, 9, 1),
  size: 2_400_000,
};

describe('the data export on the account page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for a copy and says it is being prepared', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      'GET /api/data_export.php': () => json({ export: null }),
      'POST /api/data_export.php': () =>
        json({ export: { ...READY, state: 'pending', ready_at: null, expires_at: null, size: null } }),
    });
    renderWithRoot(<DataExportSection />);

    await user.click(await within(section()).findByRole('button', { name: t('privacy.export_request') }));

    expect(await within(section()).findByText(t('privacy.export_pending'))).toBeTruthy();
    expect(api.callsTo('POST', '/api/data_export.php')).toHaveLength(1);
    // While it is prepared there is nothing to press.
    expect(within(section()).queryByRole('button')).toBeNull();
  });

  it('offers the ready zip as a download link of this member’s export', async () => {
    fakeApi({ 'GET /api/data_export.php': () => json({ export: READY }) });
    renderWithRoot(<DataExportSection />);

    const link = await within(section()).findByRole('link', { name: t('privacy.export_download') });
    expect(link.getAttribute('href')).toBe('/api/data_export_download.php?id=abc123');
    expect(link.hasAttribute('download')).toBe(true);
    expect(within(section()).getByRole('status').textContent).toMatch(/2\.4 MB/);
    expect(within(section()).getByRole('button', { name: t('privacy.export_again') })).toBeTruthy();
  });

  it('says so when the mail’s link names an export that is gone', async () => {
    fakeApi({ 'GET /api/data_export.php': () => json({ export: null }) });
    renderWithRoot(<DataExportSection />, { path: '/profile?data_export=old' });

    expect(await within(section()).findByText(t('privacy.export_link_expired'))).toBeTruthy();
    expect(within(section()).getByRole('button', { name: t('privacy.export_request') })).toBeTruthy();
  });
});
