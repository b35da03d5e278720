import type { ServerFrame } from '@lt/contracts';
import { useEffect, useRef } from 'react';
import { useLatest } from '../../lib/useLatest';

/** A frame from the room's socket, with when this page received it (Date.now()). */
export interface FrameEvent {
  type: 'frame';
  frame: ServerFrame;
  at: number;
}

/** The hook ran the effects up to this id. */
export interface EffectsDone {
  type: 'effects_done';
  upTo: number;
}

export type Queued<E> = E & { id: number };

/**
 * What a room reducer asks its hook to do once (send a frame, tell the page), in order: the reducer stays
 * a pure function of its events, the hook runs each effect once and then drops them with `effects_done`.
 */
export interface EffectQueue<E> {
  readonly effects: readonly Queued<E>[];
  readonly nextEffectId: number;
}

export const emptyQueue = { effects: [], nextEffectId: 1 } as const;

type EffectOf<S> = S extends EffectQueue<infer E> ? E : never;

export function enqueue<S extends EffectQueue<unknown>>(state: S, effect: EffectOf<S>): S {
  const queued = { ...(effect as object), id: state.nextEffectId } as Queued<EffectOf<S>>;
  return { ...state, effects: [...state.effects, queued], nextEffectId: state.nextEffectId + 1 };
}

export function drain<S extends EffectQueue<unknown>>(state: S, upTo: number): S {
  const effects = state.effects.filter((effect) => effect.id > upTo);
  return effects.length === state.effects.length ? state : { ...state, effects };
}

/** Runs each queued effect once, after the render that queued it. */
export function useEffectQueue<E>(effects: readonly Queued<E>[], run: (effect: E) => void, dispatch: (event: EffectsDone) => void): void {
  const handled = useRef(0);
  const runRef = useLatest(run);
  useEffect(() => {
    const fresh = effects.filter((effect) => effect.id > handled.current);
    if (fresh.length === 0) return;
    handled.current = fresh[fresh.length - 1].id;
    for (const effect of fresh) runRef.current(effect);
    dispatch({ type: 'effects_done', upTo: handled.current });
  }, [effects, runRef, dispatch]);
}
