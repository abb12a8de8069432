// Parsing content: the file map (see read.ts) into typed sources, blog authors and blog tags. Works on an in-memory
// map, so tests need no files; a bad file is a diagnostic and the rest still parse.
import path from 'node:path';
import { parseDocument } from 'yaml';
import { BuildFailed, type Diagnostic, type Diagnostics, fail } from '../shared/model/diagnostics.ts';
import { type Sliced, whole } from '../platform/pace.ts';
import type { Author, ParsedSource, SourceKind, TagInfo } from '../shared/model/types.ts';
import { readDocCategories } from './categories.ts';
import { idProblem } from '../shared/url-checks.ts';
import { splitFrontMatter, typeFrontMatter } from './front-matter.ts';
import { type ContentFiles, MARKDOWN } from './read.ts';
import { versionedDocOf } from '../config/versions.ts';
import type { ParsedContent } from './routes.ts';
import { explainYamlError, yamlValue } from './yaml-errors.ts';

const KIND_FOLDERS: Record<string, SourceKind> = { docs: 'doc', blog: 'blog', pages: 'page' };

/**
 * What parseContent remembers per file between builds (`egdocs serve`): the text it parsed and the result, so an
 * unchanged file keeps its Source object, which the markdown stage's cache recognises.
 */
export type ParseCache = Map<string, { text: string; source?: ParsedSource; problems: Diagnostic[] }>;

/**
 * Parses the file map into sources, authors and blog tags. A bad file is an error in `diagnostics`; the rest still
 * parse.
 */
export function parseContent(files: ContentFiles, diagnostics: Diagnostics, cache?: ParseCache): ParsedContent {
  return whole(parseContentInSlices(files, diagnostics, cache));
}

/** parseContent, yielding between two files: the build may stop there (pace.ts). */
export function* parseContentInSlices(
  files: ContentFiles,
  diagnostics: Diagnostics,
  cache?: ParseCache,
): Sliced<ParsedContent> {
  const sources: ParsedSource[] = [];
  for (const diagnostic of files.unreadable?.values() ?? []) diagnostics.items.push(diagnostic);
  for (const [file, text] of [...files.texts].sort(([a], [b]) => a.localeCompare(b))) {
    yield;
    if (!MARKDOWN.test(file)) continue;
    const place = placeOf(file);
    if (!place) continue;
    const { kind, rest, version } = place;
    // Files and folders starting with _ are partials or drafts by convention; never pages.
    if (rest.some((part) => part.startsWith('_'))) continue;
    let parsed = cache?.get(file);
    if (parsed?.text !== text) {
      parsed = { text, ...parseSource({ kind, file, relPath: rest.join('/'), version }, text) };
      cache?.set(file, parsed);
    }
    diagnostics.items.push(...parsed.problems);
    if (parsed.source) sources.push(parsed.source);
  }
  if (cache) for (const file of cache.keys()) if (!files.texts.has(file)) cache.delete(file);
  const categories = readDocCategories(files.texts, files.assets, diagnostics);
  return {
    sources,
    authors: orNone(() => readAuthors(files.texts.get('content/blog/authors.yml')), diagnostics),
    blogTags: orNone(() => readTags(files.texts.get('content/blog/tags.yml')), diagnostics),
    docCategories: categories.current,
    versionCategories: categories.versions,
    assets: files.assets,
    texts: files.texts,
  };
}

/**
 * What a markdown file of content/ is: its kind, its path's parts under its kind's folder, and for a doc of an older
 * version (content/versioned/<name>/docs/**) the version's name. Undefined for a file that is no page.
 */
function placeOf(file: string): { kind: SourceKind; rest: string[]; version?: string } | undefined {
  const [, folder, ...rest] = file.split('/');
  const kind = KIND_FOLDERS[folder];
  if (kind) return { kind, rest };
  const versioned = versionedDocOf(file);
  return versioned && { kind: 'doc', rest: versioned.relPath.split('/'), version: versioned.version };
}

/** One markdown file to its source and the problems in it; a draft gives no source, nor does a broken file. */
function parseSource(
  { kind, file, relPath, version }: { kind: SourceKind; file: string; relPath: string; version?: string },
  text: string,
): { source?: ParsedSource; problems: Diagnostic[] } {
  try {
    const split = splitFrontMatter(text, file);
    if (split.frontMatter.draft === true) return { problems: [] };
    const { frontMatter, problems } = typeFrontMatter(kind, split);
    if (problems.some((problem) => problem.severity === 'error')) return { problems };
    const { body, bodyLine, keyLines } = split;
    // Only an older version's doc has the key: a current one's source stays as it was (the markdown stage knows a
    // source by its JSON).
    const source: ParsedSource = {
      kind,
      file,
      relPath,
      frontMatter,
      body,
      bodyLine,
      keyLines,
      ...(version === undefined ? {} : { version }),
    };
    // An empty file (a page just created, or truncated by a failed save) builds, but a page with no title is a mistake.
    if (Object.keys(split.frontMatter).length === 0 && body.trim() === '') {
      const hint = `write a '# Title' line and some text, or name the file _${path.posix.basename(file)} to leave it out`;
      const location = { file, line: 1, column: 1 };
      const message = 'the page is empty: no title and no text';
      problems.push({ severity: 'warning', code: 'content', message, location, hint });
    }
    return { source, problems };
  } catch (error) {
    if (error instanceof BuildFailed) return { problems: error.diagnostics };
    throw error;
  }
}

/** A registry file's entries, or none when it is broken: its problem is reported beside the pages' own. */
function orNone<T>(read: () => Map<string, T>, diagnostics: Diagnostics): Map<string, T> {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof BuildFailed)) throw error;
    diagnostics.items.push(...error.diagnostics);
    return new Map();
  }
}

function readAuthors(text: string | undefined): Map<string, Author> {
  const file = 'content/blog/authors.yml';
  const map = new Map<string, Author>();
  for (const [id, value] of Object.entries(readYamlMap(text, file))) {
    checkId(id, 'author', file, text!);
    if (typeof value !== 'object' || value === null || typeof (value as Author).name !== 'string')
      fail('content', `author '${id}' needs a name`, { file, line: lineOf(text!, `${id}:`) });
    const v = value as Record<string, string>;
    map.set(id, { id, name: v.name, title: v.title, url: v.url, imageUrl: v.image_url });
  }
  return map;
}

function readTags(text: string | undefined): Map<string, TagInfo> {
  const file = 'content/blog/tags.yml';
  const map = new Map<string, TagInfo>();
  for (const [id, value] of Object.entries(readYamlMap(text, file))) {
    checkId(id, 'tag', file, text!);
    const v = (value ?? {}) as Record<string, string>;
    map.set(id, { id, label: v.label ?? id, description: v.description });
  }
  return map;
}

/** An author or tag id is the last segment of its page's URL: it must be one plain name. */
function checkId(id: string, what: string, file: string, text: string): void {
  const problem = idProblem(id);
  if (problem)
    fail(
      'content',
      `${what} id '${id}' ${problem}`,
      { file, line: lineOf(text, `${id}:`) },
      `rename it to letters, digits and dashes, like '${id.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || what}'`,
    );
}

function readYamlMap(text: string | undefined, file: string): Record<string, unknown> {
  if (text === undefined) return {};
  const doc = parseDocument(text, { prettyErrors: false });
  const { value: read, problem } =
    doc.errors.length > 0 ? { problem: explainYamlError(text, doc) } : yamlValue(text, doc);
  if (problem)
    fail(
      'content',
      `invalid YAML: ${problem.message}`,
      { file, line: problem.line, column: problem.column },
      problem.hint,
    );
  const value = read ?? {};
  if (typeof value !== 'object' || Array.isArray(value))
    fail('content', 'must be a YAML mapping of id: fields', { file, line: 1 });
  return value as Record<string, unknown>;
}

function lineOf(text: string, needle: string): number | undefined {
  const index = text.indexOf(needle);
  return index < 0 ? undefined : text.slice(0, index).split('\n').length;
}
