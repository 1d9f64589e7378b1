import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

// Spec §9 loading indicator.
/** A navigation quicker than this shows no bar at all. */
export const LOADING_THROTTLE_MS = 200;
/** The time the estimate is scaled to: about 70% after this long. */
export const LOADING_DURATION_MS = 2000;
/** How long the full bar stays once the navigation is done. */
export const LOADING_HIDE_DELAY_MS = 500;
/** How long the bar takes to fade out before it starts from zero again. */
export const LOADING_RESET_DELAY_MS = 400;
export const LOADING_BAR_HEIGHT_PX = 3;
/** How often the estimate moves on. */
export const LOADING_TICK_MS = 100;

/**
 * How far along a navigation of unknown length probably is, in percent. It slows down as
 * it goes and never reaches 100: only the end of the navigation does (Nuxt's curve).
 */
export function estimateProgress(elapsedMs: number, durationMs = LOADING_DURATION_MS): number {
  return (200 / Math.PI) * Math.atan((elapsedMs / durationMs) * 2);
}

type Phase = 'idle' | 'waiting' | 'running' | 'finishing' | 'hiding';

export interface LoadingState {
  phase: Phase;
  visible: boolean;
  progress: number;
}

export type LoadingAction =
  | { type: 'start' }
  | { type: 'show' }
  | { type: 'tick'; progress: number }
  | { type: 'finish' }
  | { type: 'hide' }
  | { type: 'reset' };

export const LOADING_IDLE: LoadingState = { phase: 'idle', visible: false, progress: 0 };

/** The indicator as a state machine; the hook below only feeds it time. */
export function loadingReducer(state: LoadingState, action: LoadingAction): LoadingState {
  switch (action.type) {
    case 'start':
      return { phase: 'waiting', visible: state.visible, progress: 0 };
    case 'show':
      return state.phase === 'waiting' ? { phase: 'running', visible: true, progress: 0 } : state;
    case 'tick':
      return state.phase === 'running' ? { ...state, progress: action.progress } : state;
    case 'finish':
      if (state.phase !== 'waiting' && state.phase !== 'running') return state;
      // Finished within the throttle: nothing was shown, nothing to finish.
      return state.visible ? { phase: 'finishing', visible: true, progress: 100 } : LOADING_IDLE;
    case 'hide':
      return state.phase === 'finishing' ? { ...state, phase: 'hiding', visible: false } : state;
    case 'reset':
      return state.phase === 'hiding' ? LOADING_IDLE : state;
  }
}

/** Drives `loadingReducer` from a busy flag with the timings of spec §9. */
export function useLoadingProgress(active: boolean): LoadingState {
  const [state, dispatch] = useReducer(loadingReducer, active, (busy) =>
    busy ? { ...LOADING_IDLE, phase: 'waiting' as const } : LOADING_IDLE,
  );
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    dispatch({ type: active ? 'start' : 'finish' });
  }

  useEffect(() => {
    switch (state.phase) {
      case 'waiting': {
        const timer = setTimeout(() => dispatch({ type: 'show' }), LOADING_THROTTLE_MS);
        return () => clearTimeout(timer);
      }
      case 'running': {
        const startedAt = Date.now();
        const timer = setInterval(
          () => dispatch({ type: 'tick', progress: estimateProgress(Date.now() - startedAt) }),
          LOADING_TICK_MS,
        );
        return () => clearInterval(timer);
      }
      case 'finishing': {
        const timer = setTimeout(() => dispatch({ type: 'hide' }), LOADING_HIDE_DELAY_MS);
        return () => clearTimeout(timer);
      }
      case 'hiding': {
        const timer = setTimeout(() => dispatch({ type: 'reset' }), LOADING_RESET_DELAY_MS);
        return () => clearTimeout(timer);
      }
      case 'idle':
        return undefined;
    }
  }, [state.phase]);

  return state;
}

/** The thin bar at the top of the page while React Router loads the next page. */
export function PageLoadingIndicator() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { visible, progress } = useLoadingProgress(navigation.state !== 'idle');
  const bar = useRef<HTMLDivElement>(null);
  const fill = useRef<HTMLDivElement>(null);
  const rendered = visible || progress > 0;

  // Sizes are set from an effect: the Content-Security-Policy forbids inline styles in the HTML.
  useLayoutEffect(() => {
    if (bar.current) bar.current.style.height = `${LOADING_BAR_HEIGHT_PX}px`;
    if (fill.current) fill.current.style.transform = `scaleX(${progress / 100})`;
  }, [rendered, progress]);

  if (!rendered) return null;
  return (
    <div
      ref={bar}
      className={`loading-bar transition-opacity duration-300 ${visible ? 'opacity-100' : 'opacity-0'}`}
      role="progressbar"
      aria-label={t('ui.loading.page')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      aria-hidden={visible ? undefined : true}
    >
      <div ref={fill} className="loading-bar-fill" />
    </div>
  );
}
