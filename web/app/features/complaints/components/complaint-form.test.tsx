import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { ComplaintForm, type ComplaintPrefill } from './complaint-form';

const t = testI18n.t;
const FROM_PROFILE: ComplaintPrefill = {
  kind: 'notice',
  subject: 'profile',
  location: 'https://rendezvous.test/members/12',
  member: 12,
  conversation: 5,
  decision: '',
};
const EXPLANATION = 'She asked me to pay for a train ticket before we could meet.';

/** The explanation pasted in, as people mostly bring it; typed key by key it re-validates on each. */
async function pasteInto(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('the complaint form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills in the profile and the member, shows each missing field next to it, then shows the reference', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'POST /api/complaints.php': () => json({ reference: 'RV-7KX2M9QP' }) });
    renderWithRoot(<ComplaintForm prefill={FROM_PROFILE} reporter={{ name: 'Rita', email: 'rita@example.test' }} />);

    expect(screen.getByRole('textbox', { name: new RegExp(t('complaints.location_label')) })).toHaveProperty(
      'value',
      FROM_PROFILE.location,
    );
    expect(screen.getByText(new RegExp(t('complaints.member_reference', { member: 12 })))).toBeTruthy();
    expect(screen.getByRole('textbox', { name: new RegExp(t('complaints.name_label')) })).toHaveProperty(
      'value',
      'Rita',
    );

    await user.click(screen.getByRole('button', { name: t('complaints.submit_notice') }));
    // The first check waits for its schema to load.
    expect(await screen.findByText(t('complaints.good_faith_required'))).toBeTruthy();
    const category = screen.getByRole('combobox', { name: new RegExp(t('complaints.category_label')) });
    expect(category.getAttribute('aria-invalid')).toBe('true');
    const goodFaith = screen.getByRole('checkbox', { name: t('complaints.good_faith') });
    expect(goodFaith.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);

    await user.selectOptions(category, 'fraud');
    await pasteInto(
      user,
      screen.getByRole('textbox', { name: new RegExp(t('complaints.explanation_label')) }),
      EXPLANATION,
    );
    await user.click(goodFaith);
    await user.click(screen.getByRole('button', { name: t('complaints.submit_notice') }));

    const done = await screen.findByRole('status');
    expect(within(done).getByText('RV-7KX2M9QP')).toBeTruthy();
    expect(within(done).getByText(t('complaints.confirmation_mailed', { email: 'rita@example.test' }))).toBeTruthy();
    expect(api.callsTo('POST', '/api/complaints.php')[0]?.body).toEqual({
      kind: 'notice',
      subject: 'profile',
      location: FROM_PROFILE.location,
      member: 12,
      conversation: 5,
      category: 'fraud',
      explanation: EXPLANATION,
      name: 'Rita',
      email: 'rita@example.test',
      good_faith: true,
      language: 'en',
    });
  });

  it('shows the server’s reason next to its field', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'POST /api/complaints.php': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid input',
              fields: { email: 'validation.email_invalid' },
            },
          },
          400,
        ),
    });
    renderWithRoot(
      <ComplaintForm prefill={{ ...FROM_PROFILE, kind: 'appeal', decision: 'RV-7KX2M9QP' }} reporter={null} />,
    );

    await user.type(
      screen.getByRole('textbox', { name: new RegExp(t('complaints.email_label')) }),
      'rita@example.test',
    );
    await pasteInto(
      user,
      screen.getByRole('textbox', { name: new RegExp(t('complaints.appeal_explanation_label')) }),
      EXPLANATION,
    );
    await user.click(screen.getByRole('button', { name: t('complaints.submit_appeal') }));

    expect(await screen.findByText(t('validation.fields.email.email_invalid'))).toBeTruthy();
    const email = screen.getByRole('textbox', { name: new RegExp(t('complaints.email_label')) });
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('lets a report of a minor go without a name or e-mail address', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'POST /api/complaints.php': () => json({ reference: 'RV-22222222' }) });
    renderWithRoot(<ComplaintForm prefill={FROM_PROFILE} reporter={null} />);

    await user.selectOptions(
      screen.getByRole('combobox', { name: new RegExp(t('complaints.category_label')) }),
      'minor',
    );
    expect(screen.getByText(t('complaints.anonymous_allowed'))).toBeTruthy();
    await pasteInto(
      user,
      screen.getByRole('textbox', { name: new RegExp(t('complaints.explanation_label')) }),
      EXPLANATION,
    );
    await user.click(screen.getByRole('checkbox', { name: t('complaints.good_faith') }));
    await user.click(screen.getByRole('button', { name: t('complaints.submit_notice') }));

    expect(await screen.findByText(t('complaints.keep_reference'))).toBeTruthy();
    const sent = api.callsTo('POST', '/api/complaints.php')[0]?.body;
    expect(sent).toMatchObject({ category: 'minor' });
    expect(sent).not.toHaveProperty('name');
    expect(sent).not.toHaveProperty('email');
  });
});
