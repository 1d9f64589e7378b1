import { useNavigate } from 'react-router';
import { RepeatOrder } from '../features/credits/components/repeat-order';
import { safeReturnTo } from '../features/credits/return-to';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** Spec §2 /credits/repeat-order: the last purchase again in one confirmation. */
export default function CreditsRepeatOrder() {
  const navigate = useNavigate();
  return (
    <RepeatOrder
      onOrdered={({ redirect_url }) => {
        // Charged at once, the order's own page is ours; a provider's one-click page is another site.
        const ours = safeReturnTo(redirect_url);
        if (ours) void navigate(ours);
        else window.location.assign(redirect_url);
      }}
    />
  );
}
