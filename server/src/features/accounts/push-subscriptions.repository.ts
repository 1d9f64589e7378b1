import type { PushSubscriptionSchema } from '@rendezvous/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';

type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

/** The sign-up's push step and the settings' push switch: one row per device (endpoint). */
export function createPushSubscriptionsRepository(db: Db) {
  return {
    /** A browser holds one subscription, so when someone else logs in on it and subscribes, the device moves to them. */
    async save(memberId: number, subscription: PushSubscription): Promise<void> {
      const stored = JSON.stringify(subscription);
      await db
        .insertInto('push_subscriptions')
        .values({ member_id: memberId, endpoint: subscription.endpoint, subscription: stored, created_at: Date.now() })
        .onConflict((conflict) =>
          conflict
            .column('endpoint')
            .doUpdateSet({ member_id: memberId, subscription: stored, created_at: Date.now() }),
        )
        .execute();
    },
    /** Only the member's own subscription goes. */
    async remove(memberId: number, endpoint: string): Promise<void> {
      await db
        .deleteFrom('push_subscriptions')
        .where('member_id', '=', memberId)
        .where('endpoint', '=', endpoint)
        .execute();
    },
  };
}
