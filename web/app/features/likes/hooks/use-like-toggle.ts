import { useCallback, useEffect, useRef, useState } from 'react';
import { useSetLike } from '../api/like-profile';

export interface LikeToggle {
  /** What the member sees: their last tap, before the server has answered. */
  liked: boolean;
  /** A request is under way. */
  loading: boolean;
  toggle(): void;
}

/**
 * The last state the server confirmed per viewer and profile in this tab. Pages keep their lists
 * (search remembers its results for "back"), so a heart mounted from an older list starts from this.
 */
const confirmedInTab = new Map<string, boolean>();

/**
 * Spec §4 like toggle, optimistic (bluesky social-app's mutation queue): the heart follows each
 * tap at once, and taps made while a request runs collapse into at most one more request, for
 * the state the member ended on, and only if that differs from what the server holds. A failure
 * is logged only (spec §8) and the heart goes back to the server's state. Each request is a
 * mutation of the query cache, so a lost session (403) is handled where every other one is.
 */
export function useLikeToggle(viewerId: number, profileId: number, likedOnServer: boolean): LikeToggle {
  const key = `${viewerId}:${profileId}`;
  const [initial] = useState(() => confirmedInTab.get(key) ?? likedOnServer);
  const [liked, setLiked] = useState(initial);
  const [loading, setLoading] = useState(false);
  const confirmed = useRef(initial);
  const wanted = useRef(initial);
  const running = useRef(false);
  const { mutateAsync: setLike } = useSetLike();

  // A fresh answer from the page (a reload, a live event) wins when no tap is waiting on the server.
  const [seenFromServer, setSeenFromServer] = useState(likedOnServer);
  if (seenFromServer !== likedOnServer) {
    setSeenFromServer(likedOnServer);
    if (!loading) setLiked(likedOnServer);
  }
  const lastFromServer = useRef(likedOnServer);
  useEffect(() => {
    if (lastFromServer.current === likedOnServer) return;
    lastFromServer.current = likedOnServer;
    confirmedInTab.set(key, likedOnServer);
    if (running.current) return;
    confirmed.current = likedOnServer;
    wanted.current = likedOnServer;
  }, [key, likedOnServer]);

  const flush = useCallback(async () => {
    running.current = true;
    setLoading(true);
    while (wanted.current !== confirmed.current) {
      const target = wanted.current;
      try {
        await setLike({ profile: profileId, liked: target });
        confirmed.current = target;
        confirmedInTab.set(key, target);
      } catch (error) {
        console.warn('like toggle failed', error);
        wanted.current = confirmed.current;
        setLiked(confirmed.current);
        break;
      }
    }
    running.current = false;
    setLoading(false);
  }, [key, profileId, setLike]);

  const toggle = useCallback(() => {
    wanted.current = !wanted.current;
    setLiked(wanted.current);
    if (!running.current) void flush();
  }, [flush]);

  return { liked, loading, toggle };
}
