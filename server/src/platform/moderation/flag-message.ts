import type { ModerationSetting } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import { addToModerationQueue } from '../../db/moderation-queue.js';
import type { StoredMessage } from '../../messaging/messages.js';
import { DEFAULT_MODERATION_SETTING, matchMessageRules, RULE_CATEGORY } from './message-rules.js';

/**
 * Puts a member's message that matches one of the site's rules in the moderation queue, with the
 * conversation as evidence. The message is delivered all the same: a rule only asks a person to look.
 * While a sender's conversation has an open rule item, later matches add nothing: the moderator
 * reading it sees the newest messages anyway, and a spammer's fifty messages are one decision.
 */
export async function flagMessage(
  db: Db,
  setting: ModerationSetting | undefined,
  stored: StoredMessage,
): Promise<boolean> {
  // Operators write as personas; the rules are about members.
  if (stored.sender.fictional) return false;
  const matched = matchMessageRules(stored.message.body, setting ?? DEFAULT_MODERATION_SETTING);
  if (!matched) return false;
  const open = await db
    .selectFrom('moderation_items')
    .select('id')
    .where('reported_member_id', '=', stored.sender.id)
    .where('conversation_id', '=', stored.message.conversation)
    .where('source', '=', 'rule')
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) return false;
  await addToModerationQueue(db, {
    source: 'rule',
    site_id: stored.siteId,
    subject: 'message',
    location: null,
    reported_member_id: stored.sender.id,
    conversation_id: stored.message.conversation,
    category: RULE_CATEGORY[matched.rule],
    explanation: matched.excerpt,
    reporter_member_id: null,
    reporter_name: null,
    reporter_email: null,
    reporter_language: null,
    appealed_decision_id: null,
    decision_id: null,
    flag_rule: matched.rule,
    message_id: stored.message.id,
  });
  return true;
}
