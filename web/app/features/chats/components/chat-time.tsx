import { formatFullTime } from '../../../lib/dates';
import { useHydrated } from '../../../lib/use-hydrated';
import { formatChatTime } from '../format';

/**
 * When a message was written, in the member's own time zone. The server does not know that zone,
 * so a page it renders carries only the moment (`dateTime`), and the words come once the page has
 * hydrated: never the server's clock time, which hydration would then find wrong.
 */
export function ChatTime({ at, regional, className }: { at: string; regional: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time
      translate="no"
      className={className}
      dateTime={at}
      title={hydrated ? formatFullTime(at, regional) : undefined}
    >
      {hydrated ? formatChatTime(at, regional) : null}
    </time>
  );
}
