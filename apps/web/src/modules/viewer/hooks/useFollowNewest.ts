import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** The list scrolls 100 ms after new text, once the browser has laid it out. */
export const AUTOSCROLL_DELAY_MS = 100;
/** Within this many pixels of its end, a list counts as showing its newest line. */
const AT_END_PX = 32;

/**
 * Keeps a scrolling list on its newest line while the reader is there. A reader who scrolls back stays where
 * they are, whatever arrives, until they scroll to the end again or `jumpToNewest` takes them there. Only a move
 * up counts as scrolling back: the list's own (smooth) scrolling always moves down.
 */
export function useFollowNewest(listRef: RefObject<HTMLElement | null>, contentKey: string) {
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);
  const lastTop = useRef(0);

  const follow = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowing(value);
  }, []);

  const toEnd = useCallback(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [listRef]);

  useEffect(() => {
    if (!followingRef.current) return;
    const timer = setTimeout(toEnd, AUTOSCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [contentKey, toEnd]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onScroll = () => {
      const top = list.scrollTop;
      if (list.scrollHeight - top - list.clientHeight <= AT_END_PX) follow(true);
      else if (top < lastTop.current) follow(false);
      lastTop.current = top;
    };
    list.addEventListener('scroll', onScroll, { passive: true });
    // A list that gets shorter (a phone's keyboard, a notice above it) keeps its newest line in view.
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            if (followingRef.current) toEnd();
          });
    resize?.observe(list);
    return () => {
      list.removeEventListener('scroll', onScroll);
      resize?.disconnect();
    };
  }, [listRef, follow, toEnd]);

  const jumpToNewest = useCallback(() => {
    follow(true);
    toEnd();
  }, [follow, toEnd]);

  return { following, jumpToNewest };
}
