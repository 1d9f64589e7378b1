import { landerOfPath } from '@rendezvous/contract';
import type { Db } from './database.js';

/**
 * Credits a new member's sign-up to the lander it was made on, read from the form's own path
 * (`form_path`), on the member's tracking record beside the traffic source. Here rather than in
 * a feature because sign-up (accounts) writes it and the landers feature owns what it means.
 * Run in the sign-up's transaction, after any traffic-source row was written.
 */
export async function recordLanderSignup(
  db: Db,
  memberId: number,
  formPath: string | null | undefined,
  now: number,
): Promise<void> {
  const origin = formPath ? landerOfPath(formPath) : null;
  if (!origin) return;
  const lander = { lander: origin.lander, lander_slug: origin.slug };
  await db
    .insertInto('member_tracking')
    .values({
      member_id: memberId,
      network: null,
      ref: null,
      sub1: null,
      sub2: null,
      sub3: null,
      created_at: now,
      ...lander,
    })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet(lander))
    .execute();
}
