// The tables of `npm run bench:client`'s "Search as a reader meets it": each figure as the median of the loads with
// the range (min–max) beside it, one column per site, and the targets of the issue "Step 15 — no waiting" with
// whether egdocs' medians meet them.
import type { LoadFigures, QueryFigures, ResultsPageFigures } from './reader-search.ts';
import { type Spread, spread } from './stats.ts';

/** A site's column: its name and one entry per fresh load. */
export interface Column<T> {
  name: string;
  loads: T[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** "98 ms (69–124)"; a dash when no load gave the figure. */
function cell(figure: Spread | undefined, format: (value: number) => string): string {
  if (!figure) return '—';
  if (figure.min === figure.max) return format(figure.median);
  return `${format(figure.median)} (${format(figure.min).replace(/ .*/, '')}–${format(figure.max)})`;
}

type Row<T> = [label: string, pick: (load: T) => number | undefined, format: (value: number) => string];

function table<T>(heading: string, columns: Column<T>[], rows: Row<T>[]): string {
  return [
    `| ${heading} | ${columns.map((column) => column.name).join(' | ')} |`,
    `|---|${columns.map(() => '---|').join('')}`,
    ...rows.map(
      ([label, pick, format]) =>
        `| ${label} | ${columns.map((column) => cell(spread(column.loads.map(pick)), format)).join(' | ')} |`,
    ),
  ].join('\n');
}

/** A query's figures, undefined when it failed (a failed query has no times, and its counts mean nothing). */
const ok =
  (pick: (query: QueryFigures) => number | undefined) =>
  (query: QueryFigures): number | undefined =>
    query.failure ? undefined : pick(query);

function queryRows(kind: 'typed' | 'pasted'): Row<QueryFigures>[] {
  return [
    [kind === 'pasted' ? 'input → final suggestions' : 'last key → final suggestions', ok((q) => q.latency), ms],
    [
      kind === 'pasted' ? '… input → its answer reached the page' : '… last key → its answer reached the page',
      ok((q) => q.answered),
      ms,
    ],
    ['requests by the final list', ok((q) => q.requests), count],
    ['… their bytes on the wire', ok((q) => q.bytes), kb],
    ['… in waves', ok((q) => q.waves), count],
    [
      kind === 'pasted' ? 'list renders, input → final' : 'list renders, first key → final',
      ok((q) => q.renders),
      count,
    ],
    ...(kind === 'typed'
      ? ([['list renders after the last key', ok((q) => q.rendersAfterLastKey), count]] as Row<QueryFigures>[])
      : []),
    ['suggestions in the final list', ok((q) => q.rows), count],
    ['requests after the final list (until the network is quiet)', ok((q) => q.later), count],
  ];
}

/** How many of the loads failed, and why (a line per distinct reason). */
function failures<T>(columns: Column<T>[], reasons: (load: T) => (string | undefined)[]): string {
  const lines = columns.flatMap((column) => {
    const found = column.loads.flatMap(reasons).filter((reason): reason is string => reason !== undefined);
    return [...new Set(found)].map(
      (reason) => `- ${column.name}: ${found.filter((r) => r === reason).length} × ${reason}`,
    );
  });
  return lines.length ? `\nFailed measurements (left out of the figures):\n\n${lines.join('\n')}\n` : '';
}

/** The first search, the warm typed and the warm pasted query, one table each. */
export function queryTables(columns: Column<LoadFigures>[], words: LoadWords): string {
  const part = (kind: 'typed' | 'pasted', heading: string, pick: (load: LoadFigures) => QueryFigures) =>
    table(
      heading,
      columns.map(({ name, loads }) => ({ name, loads: loads.map(pick) })),
      queryRows(kind),
    );
  const [latency, ...rest] = queryRows('typed').map(([label, pick, format]): Row<LoadFigures> => [
    label.replace('requests by', 'requests, Ctrl+K →'),
    (l) => pick(l.cold),
    format,
  ]);
  const cold = table(`first search: Ctrl+K, then \`${words.cold}\` typed`, columns, [
    latency,
    ['Ctrl+K → final suggestions', (l) => (l.cold.failure ? undefined : l.cold.fromStart), ms],
    ...rest,
    ['search files fetched before Ctrl+K (since the page was asked for)', (l) => l.cold.ahead.requests, count],
    ['… their bytes on the wire', (l) => l.cold.ahead.bytes, kb],
  ]);
  return `${cold}

${part('typed', `warm: \`${words.typed}\` typed`, (l) => l.typed)}

${part('pasted', `warm: \`${words.pasted}\` pasted`, (l) => l.pasted)}
${failures(columns, (l) => [l.cold.failure, l.typed.failure, l.pasted.failure])}`;
}

export interface LoadWords {
  cold: string;
  typed: string;
  pasted: string;
}

export function resultsPageTable(columns: Column<ResultsPageFigures>[], query: string): string {
  const fine =
    (pick: (page: ResultsPageFigures) => number | undefined) =>
    (page: ResultsPageFigures): number | undefined =>
      page.failure ? undefined : pick(page);
  return `${table(`search page, \`?q=${query}\``, columns, [
    ['navigation start → first results drawn', fine((p) => p.fromNavigation), ms],
    ['load event → first results drawn', fine((p) => p.fromLoad), ms],
    ["search worker's ready message → first results drawn", fine((p) => p.fromWorkerReady), ms],
    ['draws of the result list, first to final', fine((p) => p.draws), count],
    ['results in the final list', fine((p) => p.rows), count],
  ])}
${failures(columns, (p) => [p.failure])}`;
}

/** The first search's bytes: what it fetched from Ctrl+K to the final list, and search files fetched before. */
export const firstSearchBytes = (load: LoadFigures): number | undefined =>
  load.cold.failure ? undefined : load.cold.bytes + load.cold.ahead.bytes;

/** One target: what it asks, the median measured, and whether it is met. */
export interface Target {
  goal: string;
  measured: string;
  met: boolean | undefined;
}

export function targetList(targets: Target[]): string {
  return targets
    .map(
      ({ goal, measured, met }) =>
        `- ${met === undefined ? '–' : met ? '✓' : '✗'} ${goal}: ${measured}${met === undefined ? '' : met ? ' (met)' : ' (not met)'}`,
    )
    .join('\n');
}

/** The median of a figure over loads, for the targets. */
export const medianOf = <T>(loads: T[], pick: (load: T) => number | undefined): number | undefined =>
  spread(loads.map(pick))?.median;
