import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { PRICING } from '../test/payment-fixtures';
import { PremiumOverview, type PremiumOverviewProps } from './premium-overview';
import { PricingOverview } from './pricing-overview';

const t = testI18n.t;

function renderPremium(props: Partial<PremiumOverviewProps> = {}) {
  renderWithRoot(
    <PremiumOverview
      pricing={PRICING}
      member={false}
      planTo={(id) => `/premium?plan=${id}`}
      plansTo="/premium"
      loginTo="/login?redirect=%2Fpremium"
      {...props}
    />,
    { web: makeWebContext(props.member ? { user: makeUser() } : {}) },
  );
}

const plan = (name: string) => screen.getByRole('heading', { name }).closest('article')!;

describe('the premium page', () => {
  it('tells what premium gives and what each plan costs, first term and renewal', () => {
    renderPremium();
    const benefits = screen.getByRole('region', { name: t('premium.benefits_title') });
    expect(within(benefits).getByText('No advertisements')).toBeTruthy();
    expect(within(benefits).getByText('Every message 20% cheaper')).toBeTruthy();
    expect(within(benefits).getByText('50 bonus credits every month')).toBeTruthy();
    expect(within(benefits).getByText('See everyone who viewed your profile, not only the latest 3')).toBeTruthy();
    expect(within(benefits).getByText('With premium, a message costs 8 credits instead of 10.')).toBeTruthy();

    const quarter = within(plan('Premium, 3 months'));
    expect(quarter.getByText('€49.95')).toBeTruthy();
    expect(quarter.getByText('€16.65 per month')).toBeTruthy();
    expect(quarter.getByText('Then €16.95 per month, cancel any month')).toBeTruthy();
    expect(within(plan('Premium, 1 month')).getByText('Then €19.95 per month, cancel any month')).toBeTruthy();
  });

  it('asks a visitor to sign up or log in, and lets a member choose a plan', () => {
    renderPremium();
    expect(screen.queryByRole('link', { name: t('premium.choose') })).toBeNull();
    expect(screen.getByRole('link', { name: t('premium.signup') }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: t('premium.login') }).getAttribute('href')).toBe(
      '/login?redirect=%2Fpremium',
    );
  });

  it('leads a member from a plan to its checkout on the same page', () => {
    renderPremium({ member: true });
    expect(
      within(plan('Premium, 3 months'))
        .getByRole('link', { name: t('premium.choose') })
        .getAttribute('href'),
    ).toBe('/premium?plan=quarter');
    expect(screen.queryByRole('link', { name: t('premium.signup') })).toBeNull();
  });

  it('says so where the site sells no premium', () => {
    renderPremium({ pricing: { ...PRICING, premium: null, premium_message_credits: null } });
    expect(screen.getByText(t('premium.not_offered'))).toBeTruthy();
  });
});

describe('the pricing page', () => {
  it('shows the packages, what a message costs with and without premium, and the plans, with the ways to buy', () => {
    renderWithRoot(<PricingOverview pricing={PRICING} onCountryChange={() => undefined} />);

    const messages = screen.getByRole('region', { name: t('pricing.messages_title') });
    expect(within(messages).getByText('One message costs 10 credits.')).toBeTruthy();
    expect(within(messages).getByText('With premium, one message costs 8 credits.')).toBeTruthy();

    const credits = screen.getByRole('region', { name: t('pricing.credits_title') });
    const large = within(credits).getByText('500 credits').closest('a')!;
    expect(large.getAttribute('href')).toBe('/credits/large?country=NL');
    expect(within(large).getByText('+15 bonus credits')).toBeTruthy();
    expect(within(large).getByText('€0.78 per message')).toBeTruthy();
    // 8 credits a message instead of 10 at the same money per credit.
    expect(within(large).getByText('€0.62 per message with premium')).toBeTruthy();
    expect(
      within(credits)
        .getByRole('link', { name: t('pricing.buy_credits') })
        .getAttribute('href'),
    ).toBe('/credits?country=NL');

    const premium = screen.getByRole('region', { name: t('pricing.premium_title') });
    expect(within(premium).getByRole('heading', { name: 'Premium, 3 months' })).toBeTruthy();
    expect(
      within(premium)
        .getByRole('link', { name: t('pricing.to_premium') })
        .getAttribute('href'),
    ).toBe('/premium?country=NL');
    expect(screen.getByRole('combobox', { name: t('credits.country_label') })).toBeTruthy();
  });
});
