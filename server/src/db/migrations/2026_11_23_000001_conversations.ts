import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

/**
 * Members reach each other: likes, conversations with their messages, the credit ledger that
 * pays for them, notifications, blocks and reports, push subscriptions (several devices per
 * member) and the secrets every server node must share (the VAPID keys).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(dialectOf(db));
  const member = (col: ColumnDefinitionBuilder) => col.notNull().references('members.id').onDelete('cascade');

  await db.schema
    .createTable('likes')
    .addColumn('member_id', 'integer', member)
    .addColumn('profile_id', 'integer', member)
    .addColumn('is_new', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['member_id', 'profile_id'])
    .execute();
  // Received likes, new ones first (spec §4).
  await db.schema.createIndex('likes_received').on('likes').columns(['profile_id', 'is_new', 'created_at']).execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'integer', id)
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id'))
    // The pair in id order, so one pair of members has exactly one conversation.
    .addColumn('member_low', 'integer', member)
    .addColumn('member_high', 'integer', member)
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_message_at', 'bigint')
    .addUniqueConstraint('conversations_pair', ['member_low', 'member_high'])
    .execute();

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', member)
    .addColumn('other_id', 'integer', member)
    .addColumn('num_unread', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_read_message_id', 'integer', (col) => col.notNull().defaultTo(0))
    // Removed from this member's list (DELETE /api/chat.php); a new message brings it back.
    .addColumn('removed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_list')
    .on('conversation_members')
    .columns(['member_id', 'removed', 'updated_at'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', id)
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', member)
    .addColumn('body', 'text', (col) => col.notNull())
    // What the sender paid, so a refund (operator console) knows what to give back.
    .addColumn('credits', 'integer', (col) => col.notNull().defaultTo(0))
    // Waiting for an operator: a message to a fictional profile (answered in the operator console).
    .addColumn('awaiting_operator', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('messages_by_conversation').on('messages').columns(['conversation_id', 'id']).execute();
  await db.schema
    .createIndex('messages_awaiting_operator')
    .on('messages')
    .columns(['awaiting_operator', 'id'])
    .where(sql<boolean>`awaiting_operator = 1`)
    .execute();

  // The balance is the ledger's sum, kept beside the member and changed in the same transaction.
  await db.schema
    .alterTable('members')
    .addColumn('credits', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'integer', id)
    .addColumn('member_id', 'integer', member)
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    // What the change was for: a message id, a payment id, ...
    .addColumn('reference', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_ledger_member').on('credit_ledger').columns(['member_id', 'id']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', id)
    .addColumn('member_id', 'integer', member)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('members.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('cascade'))
    .addColumn('payload', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('notifications_member').on('notifications').columns(['member_id', 'id']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('member_id', 'integer', member)
    .addColumn('blocked_id', 'integer', member)
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['member_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').columns(['blocked_id', 'member_id']).execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', id)
    .addColumn('reporter_id', 'integer', member)
    .addColumn('reported_id', 'integer', member)
    .addColumn('conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('set null'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', id)
    .addColumn('member_id', 'integer', member)
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    /** The browser's PushSubscription as JSON (spec §3 Push state). */
    .addColumn('subscription', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_member').on('push_subscriptions').columns(['member_id']).execute();
  // Subscriptions kept on the account before devices had a table of their own move over.
  const stored = await sql<{
    id: number;
    push_subscription: string;
  }>`select id, push_subscription from members where push_subscription is not null`.execute(db);
  for (const row of stored.rows) {
    const endpoint = pushEndpointOf(row.push_subscription);
    if (!endpoint) continue;
    await sql`insert into push_subscriptions (member_id, endpoint, subscription, created_at)
      values (${row.id}, ${endpoint}, ${row.push_subscription}, ${Date.now()})
      on conflict (endpoint) do nothing`.execute(db);
  }

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_secrets',
    'push_subscriptions',
    'reports',
    'blocks',
    'notifications',
    'credit_ledger',
    'messages',
    'conversation_members',
    'conversations',
    'likes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('members').dropColumn('credits').execute();
}

function pushEndpointOf(json: string): string | null {
  try {
    const endpoint = (JSON.parse(json) as { endpoint?: unknown }).endpoint;
    return typeof endpoint === 'string' ? endpoint : null;
  } catch {
    return null;
  }
}
