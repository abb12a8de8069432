// The route-change progress bar: a thin bar fixed at the top of the viewport. It appears only when a navigation
// takes longer than `startDelay` (so fast ones show nothing), creeps forward while the route loads, and fills and
// fades once the new route has rendered. Reduced motion is honoured in CSS (no transitions).
import type { Config } from '../shared/model/types.ts';

export type ProgressOptions = Config['client']['progressBar'];

export interface Progress {
  /** A pathname change began: show the bar if it is not done within the start delay. */
  start(): void;
  /** The route has updated (or the navigation was abandoned). */
  done(): void;
}

/** The largest value the trickle reaches on its own: the bar never looks finished before the route is. */
const TRICKLE_LIMIT = 0.994;

export function createProgress(options: ProgressOptions): Progress {
  let delayTimer: ReturnType<typeof setTimeout> | undefined;
  let trickleTimer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let element: HTMLDivElement | undefined;
  let value = 0;

  const set = (next: number) => {
    value = Math.min(1, Math.max(options.minimum, next));
    if (!element) return;
    element.setAttribute('aria-valuenow', String(Math.round(value * 100)));
    (element.firstElementChild as HTMLElement).style.transform = `translateX(${(value - 1) * 100}%)`;
  };

  const show = () => {
    clearTimeout(hideTimer);
    if (!element) {
      element = document.createElement('div');
      element.className = 'route-progress';
      element.setAttribute('role', 'progressbar');
      element.setAttribute('aria-label', 'Loading page');
      element.setAttribute('aria-valuemin', '0');
      element.setAttribute('aria-valuemax', '100');
      element.style.setProperty('--progress-speed', `${options.speed}ms`);
      element.appendChild(document.createElement('div')).className = 'route-progress-bar';
    }
    element.classList.remove('done');
    document.body.appendChild(element);
    set(options.minimum);
    trickleTimer = setInterval(() => set(Math.min(TRICKLE_LIMIT, value + options.trickleRate)), options.trickleSpeed);
  };

  const stop = () => {
    clearTimeout(delayTimer);
    clearInterval(trickleTimer);
    delayTimer = trickleTimer = undefined;
  };

  return {
    start() {
      stop();
      delayTimer = setTimeout(show, options.startDelay);
    },
    done() {
      const shown = element?.isConnected && !element.classList.contains('done');
      stop();
      if (!element || !shown) return;
      set(1);
      element.classList.add('done');
      const finished = element;
      // Let the bar reach the end, then fade; remove it once faded.
      hideTimer = setTimeout(() => finished.remove(), options.speed * 2);
    },
  };
}
