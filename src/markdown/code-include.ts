// A file included as code (`::include{file="./snippets/main.dart" title="lib/main.dart"}`): its text, and the fenced
// code block that shows it. The directive becomes a written fence (its opening line, the file's lines, its closing
// line) before the page is parsed, so the code is highlighted, numbered and marked by highlight comments as any
// fence's is, and the markdown copy shows it as a fence; each line keeps its place in the code file for diagnostics.
import { readAsText } from '../content/read.ts';
import { decodeUtf8, describeInvalidUtf8 } from '../content/utf8.ts';
import type { AssetBytes } from '../shared/model/types.ts';
import type { CodeOptions, NumberedLine, Problem } from './include-request.ts';

/** The files an include may read: markdown and YAML as text, any other file of content/ as bytes (content/read.ts). */
export interface IncludeFiles {
  texts: Pick<ReadonlyMap<string, string>, 'get'>;
  assets: Pick<ReadonlyMap<string, AssetBytes>, 'get'>;
}

/**
 * The text of `file` to show as code: undefined when there is no such file, a problem when it is no UTF-8 text. Read
 * only from what content/read.ts read, so the same files are reachable as for any other use: those in the project,
 * and none whose name, or a folder's on the way, starts with a dot.
 */
export function codeText(files: IncludeFiles, file: string): string | Problem | undefined {
  if (readAsText(file)) return files.texts.get(file);
  const bytes = files.assets.get(file);
  if (bytes === undefined) return undefined;
  // A file too large to hold in memory (content/read.ts, LARGE_FILE) is far past what a page may include anyway.
  if (!(bytes instanceof Uint8Array))
    return {
      message: `${file} cannot be included: at ${Math.round(bytes.size / 2 ** 20)} MiB it is no source file`,
      hint: 'include the part to show, saved in a file of its own; to offer the file for download, link to it',
    };
  // Text has no NUL, and a binary file (an image, an archive) nearly always does: say what it is, not where its
  // first non-UTF-8 byte happens to be.
  if (bytes.includes(0))
    return {
      message: `${file} cannot be included: it is a binary file, not text`,
      hint: 'include a source file saved as UTF-8 text; to offer a binary file for download, link to it',
    };
  const text = decodeUtf8(bytes);
  if (text !== undefined) return text;
  const { message, location } = describeInvalidUtf8(bytes, file);
  return {
    message: `${file} cannot be included: it ${message.replace(/\)$/, `, at line ${location?.line}, column ${location?.column})`)}`,
    hint: 'save the file as UTF-8',
  };
}

/** The opening and closing lines of the fence showing `lines` as `code` says; or what is wrong with its options. */
export function codeFence(code: CodeOptions, lines: NumberedLine[]): { open: string; close: string } | Problem {
  const highlighted = code.highlight?.split(',').flatMap((range) => range.split('-').map(Number)) ?? [];
  const past = highlighted.find((line) => line > lines.length || line < 1);
  if (past !== undefined)
    return {
      message: `highlight="${code.highlight}" names line ${past}, and the code shown has ${lines.length} line${lines.length === 1 ? '' : 's'}`,
      hint: 'count the lines to highlight in the code as shown, from 1 (after lines="…" or region="…" cut it)',
    };
  // A fence longer than any run of backticks in the code, so that no line of it closes the fence.
  const longest = Math.max(
    0,
    ...lines.map(({ text }) => Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))),
  );
  const mark = '`'.repeat(Math.max(3, longest + 1));
  // The fence's title as parseFenceInfo (plugins/shiki.ts) reads it back: in the quotes the title does not hold.
  const title =
    code.title === undefined ? '' : code.title.includes('"') ? ` title='${code.title}'` : ` title="${code.title}"`;
  const info = `${code.lang}${title}${code.highlight ? ` {${code.highlight}}` : ''}${code.lineNumbers ? ' showLineNumbers' : ''}`;
  return { open: mark + info, close: mark };
}
