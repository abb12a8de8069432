// What the navbar search box shows: the worker's answer to what the field says, asked on every keystroke.
import { useContext, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SearchHit } from '../../src/shared/search/engine.ts';
import { ClientContext } from '../ClientContext.ts';

export type Answer = { query: string; hits: SearchHit[] } | { query: string; error: string };

/**
 * An answer to a query the reader has typed past is drawn only when it took longer than this: a first search while
 * the index loads, where a fast typist would otherwise see nothing until they stop. A quicker one is passed over,
 * since the answer to what the field says now follows at once: typed at full speed, pasted or filled in, the list is
 * drawn once, with the final answer.
 */
const SLOW_ANSWER_MS = 150;

/** How many times an answer waits for input the page has yet to handle (see `show`). */
const MAX_DEFERRALS = 8;

/** Whether the browser holds a key press or a click the page has not handled yet (Chromium; elsewhere never known). */
function inputPending(): boolean {
  const scheduling = (navigator as { scheduling?: { isInputPending?: () => boolean } }).scheduling;
  return scheduling?.isInputPending?.() ?? false;
}

/**
 * Each change of `value` asks the worker, as `asker`, for `limit` hits. The answer to what the field says is shown;
 * one to an earlier query only when it was slow (SLOW_ANSWER_MS; the panel says which query it answers). An answer
 * older than the one shown is dropped, and so is a query the worker dropped for a newer one of this asker (which
 * gives no hits). `onShow` runs as an answer is drawn, in the same render. Gives the answer on screen (undefined
 * while the field is empty, or before the first answer to it), and `forget`, which takes it off screen and drops
 * those still on their way (they are for what the field said).
 */
export function useSuggestions(
  value: string,
  limit: number,
  asker: string,
  onShow: () => void,
): [answer: Answer | undefined, forget: () => void] {
  const { search } = useContext(ClientContext);
  const [answer, setAnswer] = useState<Answer>();
  const asked = useRef(0);
  const shown = useRef(0);
  const current = useRef('');
  const forget = () => {
    setAnswer(undefined);
    shown.current = asked.current;
  };
  useEffect(() => {
    const query = value.trim();
    current.current = query;
    // An emptied field (Backspace, Ctrl+A and a new word, a paste over it) has no list: the next query's list is
    // drawn afresh rather than over the last one's, and answers on their way are for what was emptied.
    if (!query) return forget();
    if (!search) return;
    const order = ++asked.current;
    const askedAt = performance.now();
    const show = (next: Answer, deferred = 0) => {
      if (order <= shown.current) return;
      // A key the page has yet to handle may make this answer one the reader has typed past: it is looked at again
      // once that key is in the field (the browser handles input before the task posted here). A few times at most,
      // so that a browser that always says input is pending still draws.
      if (deferred < MAX_DEFERRALS && inputPending()) return void setTimeout(() => show(next, deferred + 1));
      if (next.query !== current.current && performance.now() - askedAt < SLOW_ANSWER_MS) return;
      shown.current = order;
      // Drawn in the task that brought the answer, not one the scheduler queues after it: on a page that has just
      // taken a burst of keys, the answer is on screen a frame sooner.
      flushSync(() => {
        setAnswer(next);
        onShow();
      });
    };
    search(query, limit, asker).then(
      (hits) => hits && show({ query, hits }),
      (error: Error) => show({ query, error: error.message }),
    );
  }, [value, search, limit, asker]);
  return [answer, forget];
}
