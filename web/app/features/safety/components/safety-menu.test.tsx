import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { SafetyMenu } from './safety-menu';

const t = testI18n.t;
const GRETA = { id: 12, name: 'Greta' };

describe('the block and report menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('blocks after asking, then hands over to the page', async () => {
    const user = userEvent.setup({ delay: null });
    const onBlocked = vi.fn();
    const api = fakeApi({ 'POST /api/block.php': () => json({ blocked: true }) });
    renderWithRoot(<SafetyMenu profile={GRETA} conversationId={5} onBlocked={onBlocked} />);

    const trigger = await screen.findByRole('button', { name: t('safety.actions', { name: 'Greta' }) });
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: t('safety.block', { name: 'Greta' }) }));
    const dialog = screen.getByRole('dialog', { name: t('safety.block_title', { name: 'Greta' }) });
    expect(api.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: t('safety.block_confirm') }));

    await waitFor(() => expect(onBlocked).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', '/api/block.php')[0]?.body).toEqual({ profile: 12 });
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({});
    renderWithRoot(<SafetyMenu profile={GRETA} onBlocked={vi.fn()} />);

    const trigger = await screen.findByRole('button', { name: t('safety.actions', { name: 'Greta' }) });
    await user.click(trigger);
    expect(document.activeElement?.textContent).toBe(t('safety.block', { name: 'Greta' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: t('safety.block', { name: 'Greta' }) })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('reports with a reason, a note and the conversation, and thanks the member', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'POST /api/report.php': () => json({ reported: true }) });
    renderWithRoot(<SafetyMenu profile={GRETA} conversationId={5} onBlocked={vi.fn()} />);

    await user.click(await screen.findByRole('button', { name: t('safety.actions', { name: 'Greta' }) }));
    await user.click(screen.getByRole('button', { name: t('safety.report', { name: 'Greta' }) }));
    // The report dialog loads on first use.
    const dialog = await screen.findByRole('dialog', { name: t('safety.report_title', { name: 'Greta' }) });

    await user.click(within(dialog).getByRole('button', { name: t('safety.report_submit') }));
    expect(within(dialog).getByText(t('safety.reason_required'))).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: new RegExp(t('safety.reason_label')) }),
      'scam',
    );
    await user.type(within(dialog).getByRole('textbox', { name: t('safety.note_label') }), ' Asked for money ');
    await user.click(within(dialog).getByRole('button', { name: t('safety.report_submit') }));

    expect(await within(dialog).findByText(t('safety.report_done'))).toBeTruthy();
    expect(api.callsTo('POST', '/api/report.php')[0]?.body).toEqual({
      profile: 12,
      conversation: 5,
      reason: 'scam',
      note: 'Asked for money',
    });
  });

  it('offers the complaint form about this member and conversation', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({});
    renderWithRoot(<SafetyMenu profile={GRETA} conversationId={5} onBlocked={vi.fn()} />);

    await user.click(await screen.findByRole('button', { name: t('safety.actions', { name: 'Greta' }) }));
    const link = screen.getByRole('link', { name: t('complaints.menu_link', { name: 'Greta' }) });
    expect(link.getAttribute('href')).toBe('/complaints?subject=message&member=12&conversation=5');
  });
});
