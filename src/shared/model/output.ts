// The model, the files a build makes, and its result (see types.ts for the whole flow).
import type { Diagnostic } from './diagnostics.ts';
import type { PageWeight, Site } from './site.ts';

/** A file to write, relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
  /**
   * Set when the bytes are those of a file the last build wrote and has not read (src/incremental/output-ledger.ts): `contents`
   * then reads them from `from` when asked. The writer copies or keeps such a file without reading it.
   */
  kept?: {
    from: string;
    hash: string;
    size: number;
    /** The `stat` the output's ledger recorded for `from` (incremental/output-ledger.ts): unchanged, it is unread. */
    stat: [mtimeMs: number, ctimeMs: number, ino: number];
  };
  /**
   * Set for a large file of content/ (LargeFile), which the writer copies from `from` without holding it: `contents`
   * reads it whole only if asked. `key` stands for its bytes in the output's ledger.
   */
  copy?: { from: string; key: string; size: number };
}

/** The result of a build: files and everything learned along the way. */
export interface BuildResult {
  site: Site;
  files: OutputFile[];
  diagnostics: Diagnostic[];
  /** Each step's duration and the heap in use when it ended. */
  timings: { step: string; ms: number; heapMb: number }[];
  /** Page weight per page kind (not computed by serve's incremental builds). */
  weights: PageWeight[];
  /** How many markdown pages and routes this build rendered; with a BuildCache, the rest were reused. */
  rendered: { pages: number; routes: number };
  /**
   * Serve only: the search index's files, built when first called (the dev server calls it when a page first asks
   * for one of them). A build without a cache has them in `files`.
   */
  searchIndex?: () => OutputFile[];
  /** With `checkSearch`: how many queries of content/search-queries.yaml ran, and how many found their page. */
  searchQueries?: { checked: number; found: number };
  /**
   * Whether a build of the same inputs gives this result again. False when a tool the build runs failed (git not
   * installed, or refusing the repository): that is put right without changing any input, so such a run is not
   * reported again as unchanged (build/record.ts).
   */
  repeatable: boolean;
}
