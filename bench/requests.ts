// The requests a browser context makes, for `npm run bench:client`: when each started and ended on the browser's
// clock, and the bytes its body took on the wire (gzip, where the server compressed it). Worker requests are the
// page's too.
import type { BrowserContext, Request } from 'playwright-core';

export interface Fetched {
  url: string;
  /** Started and ended, in ms since the epoch (the clock a page's timeOrigin is on). */
  start: number;
  end: number;
  /** The body as it came over the wire: 0 for a 304 or a response from the cache. */
  bytes: number;
  status?: number;
}

export interface RequestLog {
  /** Finished and failed requests, in the order they finished. */
  done: Fetched[];
  /** Requests started and not finished. */
  pending(): number;
  /** Resolves once no request has been pending for `quietMs` (true), or after `limitMs` (false). */
  quiet(quietMs: number, limitMs?: number): Promise<boolean>;
}

const now = () => performance.timeOrigin + performance.now();

export function recordRequests(context: BrowserContext): RequestLog {
  const done: Fetched[] = [];
  const pending = new Set<Request>();
  let lastBusy = now();
  context.on('request', (request) => {
    pending.add(request);
    lastBusy = now();
  });
  const finish = async (request: Request, failed: boolean) => {
    const finishedAt = now();
    const fetched: Fetched = { url: request.url(), start: finishedAt, end: finishedAt, bytes: 0 };
    try {
      // Browser times when it gave them; a request that failed before its response has none, and is placed at
      // the moment it was reported.
      const timing = request.timing();
      if (timing.startTime > 0) {
        fetched.start = timing.startTime;
        fetched.end = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : finishedAt;
      }
      const response = failed ? null : await request.response();
      fetched.status = response?.status();
      const sizes = failed ? undefined : await request.sizes();
      if (sizes && sizes.responseBodySize > 0) fetched.bytes = sizes.responseBodySize;
      else if (response?.status() === 200) {
        // Chromium gives no sizes for a worker's own script; its Content-Length is the body on the wire.
        fetched.bytes = Number((await response.allHeaders())['content-length'] ?? 0);
      }
    } catch {
      // The page closed meanwhile: the request counts with what is known of it.
    }
    done.push(fetched);
    pending.delete(request);
    lastBusy = now();
  };
  context.on('requestfinished', (request) => void finish(request, false));
  context.on('requestfailed', (request) => void finish(request, true));
  return {
    done,
    pending: () => pending.size,
    async quiet(quietMs, limitMs = 15_000) {
      const begun = now();
      while (now() - begun < limitMs) {
        if (pending.size > 0) lastBusy = now();
        else if (now() - lastBusy >= quietMs) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
  };
}

/** The requests that started from `from` up to `to` (epoch ms). */
export function startedBetween(log: RequestLog, from: number, to: number): Fetched[] {
  return log.done.filter((request) => request.start >= from && request.start <= to);
}

/**
 * How many waves the requests came in: a request that started after another had ended may have waited for it, so it
 * is a wave later than that one; requests that overlap share one. The depth of the chain of round trips.
 */
export function waves(requests: Fetched[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const wave = new Map<Fetched, number>();
  for (const request of sorted) {
    let depth = 1;
    for (const before of sorted) {
      if (before === request || before.end > request.start) continue;
      depth = Math.max(depth, (wave.get(before) ?? 1) + 1);
    }
    wave.set(request, depth);
  }
  return Math.max(0, ...wave.values());
}
