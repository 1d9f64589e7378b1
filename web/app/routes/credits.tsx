import { useSearchParams } from 'react-router';
import { CreditsOverview } from '../features/credits/components/credits-overview';
import { useWebContext } from '../lib/use-web-context';

/** Where a message that could not be paid for sends the member. */
export const CREDITS_INSUFFICIENT_PATH = '/credits?reason=insufficient';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** Only a conversation of ours is a way back: `from` must not lead anywhere else. */
function safeBackTo(from: string | null): string | null {
  return from && /^\/chats\/\d{1,15}$/.test(from) ? from : null;
}

/** Spec §2 /credits: the balance, what a message costs, the ledger. */
export default function Credits() {
  const [params] = useSearchParams();
  const { settings } = useWebContext();
  return (
    <CreditsOverview
      insufficient={params.get('reason') === 'insufficient'}
      backTo={safeBackTo(params.get('from'))}
      supportEmail={settings.support_email}
    />
  );
}
