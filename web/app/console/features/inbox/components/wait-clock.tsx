import { formatWait, isoWait } from '../lib/wait-time';

/** A wait counted up to `now` (the server's clock), as the queue and the workspace show it. */
export function WaitClock({ since, now }: { since: string; now: number }) {
  const waited = now - Date.parse(since);
  return (
    <time dateTime={isoWait(waited)} className="font-mono tabular-nums">
      {formatWait(waited)}
    </time>
  );
}
