// The content stage: turns the files under content/ into typed Source records, authors and tags.
// Only readContentFiles touches the disk; parseContent works on an in-memory file map, so tests need no files.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { BuildError, type Diagnostics, fail } from '../diagnostics.ts';
import type { Author, ContentSet, Source, SourceKind, TagInfo } from '../types.ts';
import { splitFrontMatter } from './frontmatter.ts';

/** content/ as maps from path (relative to the project root, forward slashes) to text or bytes. */
export interface ContentFiles {
  /** Markdown and YAML files. */
  texts: Map<string, string>;
  /** Everything else: content/static/** and images next to pages. */
  assets: Map<string, Uint8Array>;
}

const KIND_FOLDERS: Record<string, SourceKind> = { docs: 'doc', blog: 'blog', pages: 'page' };
const MARKDOWN = /\.mdx?$/;

/** Reads every file under content/, in sorted order: markdown and YAML as text, the rest as bytes. */
export async function readContentFiles(root: string): Promise<ContentFiles> {
  const texts = new Map<string, string>();
  const assets = new Map<string, Uint8Array>();
  const contentDir = path.join(root, 'content');
  const rels = await listFiles(contentDir);
  // Read in bounded parallel batches (one at a time is slow on thousands of files; all at once exhausts descriptors).
  for (let i = 0; i < rels.length; i += 128) {
    const batch = rels.slice(i, i + 128);
    const contents = await Promise.all(batch.map((rel) => readFile(path.join(contentDir, rel))));
    batch.forEach((rel, k) => {
      const file = `content/${rel}`;
      if (isText(rel) && !rel.startsWith('static/')) texts.set(file, decodeUtf8(contents[k], file));
      else assets.set(file, contents[k]);
    });
  }
  return { texts, assets };
}

const isText = (file: string) => MARKDOWN.test(file) || /\.ya?ml$/.test(file);

/** Parses the file map into sources, authors and blog tags. A bad file is an error in `diagnostics`; the rest still parse. */
export function parseContent(files: ContentFiles, diagnostics: Diagnostics): ContentSet {
  const sources: Source[] = [];
  for (const [file, text] of [...files.texts].sort(([a], [b]) => a.localeCompare(b))) {
    if (!MARKDOWN.test(file)) continue;
    const [, folder, ...rest] = file.split('/');
    const kind = KIND_FOLDERS[folder];
    if (!kind) continue;
    const relPath = rest.join('/');
    // Files and folders starting with _ are partials or drafts by convention; never pages.
    if (rest.some((part) => part.startsWith('_'))) continue;
    let split;
    try {
      split = splitFrontMatter(text, file);
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      diagnostics.items.push(error.diagnostic);
      continue;
    }
    const { frontMatter, body, bodyLine, keyLines } = split;
    if (frontMatter.draft === true) continue;
    sources.push({ kind, file, relPath, frontMatter, body, bodyLine, keyLines });
  }
  return {
    sources,
    authors: readAuthors(files.texts.get('content/blog/authors.yml')),
    blogTags: readTags(files.texts.get('content/blog/tags.yml')),
    assets: files.assets,
  };
}

function readAuthors(text: string | undefined): Map<string, Author> {
  const file = 'content/blog/authors.yml';
  const map = new Map<string, Author>();
  for (const [id, value] of Object.entries(readYamlMap(text, file))) {
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
    const v = (value ?? {}) as Record<string, string>;
    map.set(id, { id, label: v.label ?? id, description: v.description });
  }
  return map;
}

function readYamlMap(text: string | undefined, file: string): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const value = parseYaml(text) ?? {};
    if (typeof value !== 'object' || Array.isArray(value)) fail('content', 'must be a YAML mapping of id: fields', { file, line: 1 });
    return value;
  } catch (error) {
    const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    if (pos) fail('content', `invalid YAML: ${(error as Error).message.split('\n')[0]}`, { file, line: pos.line, column: pos.col });
    throw error;
  }
}

function lineOf(text: string, needle: string): number | undefined {
  const index = text.indexOf(needle);
  return index < 0 ? undefined : text.slice(0, index).split('\n').length;
}

function decodeUtf8(bytes: Buffer, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    fail('content', 'is not valid UTF-8 text', { file }, 'save the file as UTF-8');
  }
}

async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
