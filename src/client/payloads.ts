// Route payloads for client navigation (see src/shared/routing.ts), fetched once and kept in memory: a prefetch on
// hover and the click that follows share one request.
import { payloadUrl } from '../shared/routing.ts';
import type { RoutePayload } from '../shared/model/types.ts';

/** Payloads kept in memory; older ones are dropped first (the HTTP cache still has them). */
const CACHE_LIMIT = 100;

export interface Payloads {
  /**
   * A route's payload, with what it needs before it can render: from memory, or fetched. A failed load is not kept.
   * `fresh` asks the server even if the HTTP cache holds the payload and would not (an older build's).
   */
  load(path: string, priority?: 'high' | 'low', fresh?: boolean): Promise<RoutePayload>;
  /** Drops a route's payload from memory: the next load fetches it. */
  forget(path: string): void;
}

/** Payloads of this site; `prepare` loads what a payload needs before it can render (its page template's chunk). */
export function createPayloads(prepare: (payload: RoutePayload) => Promise<void>): Payloads {
  const cache = new Map<string, Promise<RoutePayload>>();
  return {
    load(path, priority = 'high', fresh = false) {
      let promise = cache.get(path);
      if (!promise) {
        promise = fetchPayload(path, priority, fresh).then(async (payload) => {
          await prepare(payload);
          return payload;
        });
        promise.catch(() => cache.delete(path));
        cache.set(path, promise);
        if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      }
      return promise;
    },
    forget(path) {
      cache.delete(path);
    },
  };
}

async function fetchPayload(path: string, priority: 'high' | 'low', fresh: boolean): Promise<RoutePayload> {
  const init = { priority, ...(fresh ? { cache: 'no-cache' } : {}) };
  const response = await fetch(payloadUrl(path), init as RequestInit);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const payload = (await response.json()) as RoutePayload;
  if (!payload?.route?.data) throw new Error('not a route payload');
  return payload;
}
