import { hash } from '@node-rs/argon2';
import { defaultName, isLocale, VALIDATION, type SignupRequestSchema } from '@rendezvous/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, invalidInput } from '../../errors.js';
import type { Site } from '../../platform/sites/sites.repository.js';
import type { AccountsRepository } from './accounts.repository.js';
import { emailStatus } from './email-status.js';
import { mailProviderOf } from './mail-provider.js';
import { checkProfile } from '../../platform/members/profile-input.js';

type Signup = z.infer<typeof SignupRequestSchema>;

/** Spec §6: sign-ups are open, open to visitors from a traffic-source network, or closed. */
function signupsAllowed(mode: string, trafficSource: Signup['trafficsource']): boolean {
  return mode === 'all' || (mode === 'with_trafficsource' && Boolean(trafficSource?.network));
}

/**
 * The sign-up's account step: the member, their welcome credits and where they came from, in one
 * transaction. Refuses a closed site (403) before looking at the address, then a taken address (400).
 */
export async function createAccount(accounts: AccountsRepository, site: Site, body: Signup): Promise<MemberRow> {
  if (!signupsAllowed(site.config.signups, body.trafficsource)) {
    throw new AppError(403, 'signups_closed', 'New sign-ups are by invitation only on this site.');
  }
  const status = await emailStatus(accounts, site.id, body.email);
  if (status !== 'new') {
    throw invalidInput({
      email: status === 'invalid' || status === 'deleted' ? VALIDATION.emailNotAllowed : VALIDATION.emailTaken,
    });
  }
  const { country, region, city, gender, date_of_birth, ...extra } = body.profile ?? {};
  const profile = await checkProfile(accounts, site.config, { country, region, city, gender, date_of_birth, extra });
  const now = Date.now();
  const language = isLocale(body.language) ? body.language : site.config.domain_language;

  const source = body.trafficsource;
  try {
    return await accounts.create({
      member: {
        site_id: site.id,
        email: body.email,
        email_normalized: body.email.toLowerCase(),
        name: body.name || defaultName(body.email),
        password_hash: await hash(body.password),
        status: 'not_confirmed',
        mailprovider: mailProviderOf(body.email),
        language,
        timezone: body.timezone ?? null,
        form_path: body.form_path ?? null,
        referrer: body.referrer ?? null,
        signup_at: now,
        last_active_at: now,
        ...profile.columns,
        personal: JSON.stringify(profile.personal),
      },
      welcomeCredits: site.config.welcome_credits,
      traffic: source?.network
        ? {
            network: source.network,
            ref: source.ref ?? null,
            sub1: source.sub1 ?? source.sub ?? null,
            sub2: source.sub2 ?? null,
            sub3: source.sub3 ?? null,
          }
        : null,
      formPath: body.form_path,
      now,
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the second learns the address is taken.
    if (isUniqueViolation(error)) throw invalidInput({ email: VALIDATION.emailTaken });
    throw error;
  }
}
