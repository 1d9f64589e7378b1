import { useEffect, useState } from 'react';

/** Waiting times count up once a second. */
const TICK_MS = 1_000;

/** The browser's clock, moving on once a second while the screen shows it. */
export function useTickingNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * How far the server's clock is ahead of the browser's, from an answer's `now` and when it
 * arrived (the query's `dataUpdatedAt`): waits are counted on the server's clock, whatever the
 * laptop says.
 */
export const clockOffsetOf = (serverNow: string, receivedAt: number) => Date.parse(serverNow) - receivedAt;

/** A wait as a clock shows it: 4:05, or 1:04:05 from an hour. */
export function formatWait(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/** The same wait for `<time dateTime>`. */
export const isoWait = (ms: number) => `PT${Math.max(0, Math.floor(ms / 1000))}S`;
