// The content step's parsed files kept between builds (node_modules/.cache/egdocs/parsed.json): a build from the disk
// starts parseContent with the files whose text is unchanged already parsed, as serve's ParseCache does in memory.
// Parsing front matter with the YAML library is most of the content step (about 0.3 s at 1,000 pages). A file is
// known by the hash of its text; its body is not kept, but cut from the text again.
import { codeKey, readStore, writeStore } from '../incremental/build-store.ts';
import type { Diagnostic } from '../shared/model/diagnostics.ts';
import { sha256 } from '../platform/hash.ts';
import type { ParsedSource } from '../shared/model/types.ts';
import type { ParseCache } from './parse.ts';

interface Kept {
  hash: string;
  /** The source with an empty body, which `bodyFrom` gives back: the text from that offset, or `body` itself. */
  source?: ParsedSource;
  bodyFrom?: number;
  problems: Diagnostic[];
}

/** The parsed files the last build kept whose text is the same now. */
export async function readParseStore(store: string, texts: ReadonlyMap<string, string>): Promise<ParseCache> {
  const kept = await readStore<Record<string, Kept>>(store, await codeKey());
  const cache: ParseCache = new Map();
  for (const [file, { hash, source, bodyFrom, problems }] of Object.entries(kept ?? {})) {
    const text = texts.get(file);
    if (text === undefined || sha256(text, 'base64url') !== hash) continue;
    // Set in place, so the source's keys keep their order: the markdown stage knows a source by its JSON.
    if (source && bodyFrom !== undefined) source.body = text.slice(bodyFrom);
    cache.set(file, { text, source, problems });
  }
  return cache;
}

/** Keeps `cache` (as parseContent left it) when it differs from what was read: `before` holds the entries read. */
export async function writeParseStore(store: string, cache: ParseCache, before: Set<unknown>): Promise<void> {
  if (cache.size === before.size && [...cache.values()].every((entry) => before.has(entry))) return;
  const kept: Record<string, Kept> = {};
  for (const [file, { text, source, problems }] of cache) {
    const suffix = source !== undefined && text.endsWith(source.body);
    kept[file] = {
      hash: sha256(text, 'base64url'),
      source: source && (suffix ? { ...source, body: '' } : source),
      bodyFrom: suffix ? text.length - source.body.length : undefined,
      problems,
    };
  }
  await writeStore(store, await codeKey(), kept);
}
