import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODERATION_REASONS, type ModerationQueueItem } from '@rendezvous/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderWithI18n } from '../../../../test/render';
import { ReconfirmProvider } from '../../../components/reconfirm';
import { DecisionForm } from './decision-form';

const DECISION = {
  id: 9,
  reference: 'RV-ABCD2345',
  action: 'suspend',
  reason: 'spam',
  until: 1_800_000_000_000,
  staff: { id: 1, name: 'Mona' },
  created_at: 1_700_000_000_000,
  lifted_at: null,
};

function renderForm(kind: ModerationQueueItem['kind'] = 'report') {
  const onDecided = vi.fn();
  const onFailed = vi.fn();
  renderWithI18n(
    <ReconfirmProvider>
      <DecisionForm itemId={42} kind={kind} reasons={MODERATION_REASONS} onDecided={onDecided} onFailed={onFailed} />
    </ReconfirmProvider>,
  );
  return { onDecided, onFailed };
}

describe('the decision on a moderation item', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for a decision and a ground before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({});
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(screen.getAllByText('Value is required')).toHaveLength(2);
    expect(api.calls).toHaveLength(0);
  });

  it('suspends for the days given through the call that asks for the code again', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'POST /api/console/moderation/items/42/decide-account': () => json({ decision: DECISION }) });
    const { onDecided } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Suspend' }));
    await user.selectOptions(screen.getByLabelText(/Ground/), 'Spam or advertising');
    await user.clear(screen.getByLabelText(/Days of suspension/));
    await user.type(screen.getByLabelText(/Days of suspension/), '3');
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    await vi.waitFor(() => expect(onDecided).toHaveBeenCalledWith(DECISION));
    expect(api.callsTo('POST', '/api/console/moderation/items/42/decide-account').map((call) => call.body)).toEqual([
      { action: 'suspend', reason: 'spam', days: 3 },
    ]);
  });

  it('offers an appeal only to let the decision stand or to lift it', () => {
    fakeApi({});
    renderForm('appeal');
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Let the decision stand',
      'Lift the decision',
    ]);
  });

  it('approves a photo under review without asking for a ground, and removes one only on a ground', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      'POST /api/console/moderation/items/42/decide': () => json({ decision: { ...DECISION, action: 'approve' } }),
    });
    renderForm('photo');
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Approve',
      'Remove photo',
      'Suspend',
      'Ban',
    ]);
    await user.click(screen.getByRole('radio', { name: 'Remove photo' }));
    expect(screen.queryByRole('option', { name: 'No violation' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Approve' }));
    expect(screen.queryByLabelText(/Ground/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    await vi.waitFor(() =>
      expect(api.callsTo('POST', '/api/console/moderation/items/42/decide').map((call) => call.body)).toEqual([
        { action: 'approve', reason: 'no_violation' },
      ]),
    );
  });
});
