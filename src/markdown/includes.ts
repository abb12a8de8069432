// Includes: a line of its own `::include{file="../_partials/keystore.md" region="android"}` is replaced by the text of
// that file (whole, `lines="5-20"`, or the named region between `<!-- region name -->` and `<!-- endregion name -->`).
//
// Why this syntax: the admonitions are `:::` containers; a two-colon leaf with `{key="value"}` attributes is the
// same family (the CommonMark generic directives proposal, as remark-directive reads it) and its attributes read like
// a fence's `title="..."`. An HTML comment would hide a directive that a slip leaves unexpanded, and `@include(...)` is
// ordinary text that markdown would print. Indented (in a list item), the included lines get the same indentation.
//
// Why before markdown-it: the included text becomes part of the page's source, so its headings reach the TOC and
// search, its reference links resolve, and its lists and admonitions nest as if written in place. Every output line
// keeps its origin (file, line, and the directives it came through), so diagnostics and links point into the
// included file, with the including page as a related location.
import path from 'node:path/posix';
import { MARKDOWN } from '../content/read.ts';
import type { Diagnostics, Location, Related } from '../shared/model/diagnostics.ts';

/** Where a line of the expanded page body was written. */
export interface LineOrigin {
  file: string;
  /** 1-based line in `file`. */
  line: number;
  /** Characters of indentation added in front of the line (a directive indented in a list item indents its text). */
  indent: number;
  /** The directives this line came through, innermost first; none for the page's own lines. */
  includedFrom?: Related[];
}

/** A page body with its includes replaced, and the origin of each of its lines (none when it includes nothing). */
export interface ExpandedBody {
  body: string;
  origins?: LineOrigin[];
}

/** Includes nested deeper than this are an error: a chain that long is a mistake, and it bounds the work. */
export const MAX_INCLUDE_DEPTH = 8;

/**
 * The most text includes may bring into one page: lines, and characters (each line with its line break). Depth alone
 * does not bound it: seven partials that each include the next ten times bring a million lines, a build of 43 s and
 * 4 GB, and one level more cannot finish. Either limit is some 4 MB of ordinary docs prose (lines of 23 characters on
 * average), far past any page a person reads, which builds in 4 s; the lines also bound a text of very short lines
 * (one-word paragraphs), which costs the parser most per character: 2.6 million of them took 17 s and 2 GB.
 */
export const MAX_INCLUDED = { lines: 200_000, characters: 4_000_000 };

// Anything after `::include` is read as its attributes, so a slip (a missing brace) is an error, not printed text.
const DIRECTIVE = /^(\s*)::include(?![\w-])(.*)$/;
const ATTRIBUTE = /\s*([A-Za-z]+)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))\s*/y;
const REGION_MARK = /^\s*<!--\s*(end)?region\s+([\w.-]+)\s*-->\s*$/;
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Replaces each include directive in `body` (outside fenced code) by the text it names, recursively. A problem is an
 * error at the directive (or in the included file, where it is written there) and the directive's line is left
 * empty, so the rest of the page renders. `texts` gives the markdown files' texts by path from the project root.
 */
export function expandIncludes(
  page: { file: string; body: string; bodyLine: number },
  texts: Pick<ReadonlyMap<string, string>, 'get'>,
  diagnostics: Diagnostics,
): ExpandedBody {
  // Most pages include nothing: they keep their body, and their lines map to the file by the body's first line.
  if (!page.body.includes('::include')) return { body: page.body };
  const lines: string[] = [];
  const origins: LineOrigin[] = [];
  // The lines each include takes, by file and lines or region: a file included many times is read and cut once.
  const picks = new Map<string, NumberedLine[] | Problem>();
  // What includes have brought in so far (see MAX_INCLUDED); once past the limit no include is expanded.
  const brought = { lines: 0, characters: 0 };
  let overflowed = false;
  /** Counts one more line of included text; false, after an error at `at`, once past the limit. */
  const take = (characters: number, at: Location, related: () => Related[] | undefined) => {
    brought.characters += characters;
    const past =
      ++brought.lines > MAX_INCLUDED.lines
        ? `${MAX_INCLUDED.lines.toLocaleString('en-US')} lines`
        : brought.characters > MAX_INCLUDED.characters
          ? `${MAX_INCLUDED.characters.toLocaleString('en-US')} characters`
          : undefined;
    if (!past) return true;
    overflowed = true;
    diagnostics.error(
      'content',
      `this include takes the text included into ${page.file} past ${past}, the most one page may include`,
      at,
      'includes multiply (a file included 10 times that itself includes another 10 times brings 100 copies): include the text fewer times, or split the page',
      related(),
    );
    return false;
  };
  const expand = (source: NumberedLine[], frame: Frame, stack: string[], indent: string) => {
    let fence: string | undefined;
    for (const { text, line } of source) {
      // Past the limit, included files stop where they are; the page's own lines go on.
      if (overflowed && frame.includedFrom) return;
      const origin = { file: frame.file, line, indent: indent.length, includedFrom: frame.includedFrom };
      // A directive inside fenced code is an example of one (the writer's guide shows them), not an include.
      const fenceMark = FENCE.exec(text)?.[1];
      if (fence && fenceMark?.[0] === fence[0] && fenceMark.length >= fence.length && text.trim() === fenceMark)
        fence = undefined;
      else if (!fence && fenceMark) fence = fenceMark;
      const directive = fence ? null : DIRECTIVE.exec(text);
      if (directive && !overflowed) {
        const at = { file: frame.file, line, column: directive[1].length + 1 };
        // A directive costs its own line even when it brings nothing, so includes of empty files are bounded too.
        const included = take(text.length + 1, at, () => frame.includedFrom) && include(directive, at, frame, stack);
        if (included) {
          const start = lines.length;
          expand(included.lines, included.frame, [...stack, included.frame.file], indent + directive[1]);
          if (overflowed && frame.includedFrom) return;
          if (!frame.includedFrom) expanded.push({ start, end: lines.length, origin });
          continue;
        }
      } else if (!directive && frame.includedFrom) {
        // Past the limit at a line of included text: the error is at the directive that brought it.
        const { includedFrom } = frame;
        if (!take(indent.length + text.length + 1, includedFrom[0].location, () => includedFrom.slice(1))) return;
      }
      // A failed directive's line stays, empty, so the page's later lines keep their place.
      lines.push(directive ? '' : indent + text);
      origins.push(origin);
    }
  };
  /** The lines a directive brings in, or undefined after reporting why it brings none. */
  const include = (directive: RegExpExecArray, at: Location, frame: Frame, stack: string[]) => {
    const error = (problem: Problem) =>
      diagnostics.error(
        'content',
        problem.message,
        problem.at ?? at,
        problem.hint,
        problem.at ? [{ message: 'included here', location: at }, ...(frame.includedFrom ?? [])] : frame.includedFrom,
      );
    const request = parseDirective(directive[2], frame.file);
    if ('message' in request) return error(request);
    if (stack.includes(request.file)) {
      const chain = [...stack.slice(stack.indexOf(request.file)), request.file].join(' → ');
      return error({
        message: `include cycle: ${chain}`,
        hint: 'a file cannot include itself, directly or through others',
      });
    }
    if (stack.length > MAX_INCLUDE_DEPTH)
      return error({
        message: `includes nested more than ${MAX_INCLUDE_DEPTH} deep: ${[...stack, request.file].join(' → ')}`,
        hint: 'include the inner files from the page itself',
      });
    const key = JSON.stringify([request.file, request.lines, request.region]);
    let picked = picks.get(key);
    if (!picked) {
      const text = texts.get(request.file);
      if (text === undefined)
        return error({
          message: `included file ${request.file} does not exist`,
          hint: `the path is relative to ${frame.file} (a path starting with / starts at content/)`,
        });
      picks.set(key, (picked = pick(text, request)));
    }
    if ('message' in picked) return error(picked);
    const includedFrom = [{ message: 'included here', location: at }, ...(frame.includedFrom ?? [])];
    return { lines: picked, frame: { file: request.file, includedFrom } };
  };
  // The lines each of the page's own directives brought in, to be taken out again if a later one goes past the limit.
  const expanded: { start: number; end: number; origin: LineOrigin }[] = [];
  expand(
    page.body.split('\n').map((text, i) => ({ text, line: page.bodyLine + i })),
    { file: page.file },
    [page.file],
    '',
  );
  if (overflowed) {
    // Past the limit, every include brings nothing, as one that fails: the build stops after the markdown step, which
    // then parses the page's own lines (for their problems too), not the millions of lines includes could bring.
    const kept = { lines: [] as string[], origins: [] as LineOrigin[] };
    const keep = (from: number, to: number) => {
      for (let i = from; i < to; i++) (kept.lines.push(lines[i]), kept.origins.push(origins[i]));
    };
    let from = 0;
    for (const { start, end, origin } of expanded) {
      keep(from, start);
      kept.lines.push('');
      kept.origins.push(origin);
      from = end;
    }
    keep(from, lines.length);
    return { body: kept.lines.join('\n'), origins: kept.origins };
  }
  return { body: lines.join('\n'), origins };
}

interface Frame {
  file: string;
  includedFrom?: Related[];
}

interface NumberedLine {
  text: string;
  line: number;
}

/** What is wrong with an include; `at` when it is written in the included file rather than at the directive. */
interface Problem {
  message: string;
  hint: string;
  at?: Location;
}

interface IncludeRequest {
  file: string;
  lines?: string;
  region?: string;
}

const SYNTAX_HINT = 'write ::include{file="../_partials/name.md"}, optionally with lines="5-20" or region="name"';

/** The directive's attributes, or what is wrong with them. */
function parseDirective(written: string, fromFile: string): IncludeRequest | Problem {
  const problem = (message: string): Problem => ({ message, hint: SYNTAX_HINT });
  const braced = /^\{(.*)\}$/.exec(written.trim());
  if (!braced) return problem('::include needs the file to include, in braces');
  const attributes = braced[1];
  const values: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  while (ATTRIBUTE.lastIndex < attributes.length) {
    const start = ATTRIBUTE.lastIndex;
    const match = ATTRIBUTE.exec(attributes);
    if (!match) return problem(`cannot read the include's attributes at '${attributes.slice(start)}'`);
    values[match[1]] = match[2] ?? match[3] ?? match[4];
  }
  const unknown = Object.keys(values).find((name) => !['file', 'lines', 'region'].includes(name));
  if (unknown) return problem(`unknown include attribute '${unknown}' (an include takes file, lines and region)`);
  if (!values.file) return problem('::include needs a file="..." attribute');
  if (values.lines !== undefined && values.region !== undefined)
    return problem('an include takes lines or region, not both');
  // Relative to the file holding the directive, as links are; a leading / starts at content/.
  const file = values.file.startsWith('/')
    ? path.join('content', values.file)
    : path.normalize(path.join(path.dirname(fromFile), values.file));
  // Included text is parsed as markdown; any other file (a script, a YAML file) would show as garbled prose.
  if (!MARKDOWN.test(file))
    return {
      message: `${file} cannot be included: only markdown files (.md) can be`,
      hint: 'to show the text of another file, paste it into a fenced code block',
    };
  return { file, lines: values.lines, region: values.region };
}

/** The lines an include takes from `text`, numbered, without region markers; or what is wrong with the request. */
function pick(text: string, request: IncludeRequest): NumberedLine[] | Problem {
  const all = text
    .replace(/\r?\n$/, '')
    .split('\n')
    .map((line, i) => ({ text: line, line: i + 1 }));
  let slice = all;
  if (request.lines !== undefined) {
    const range = /^(\d+)(?:-(\d*))?$/.exec(request.lines.trim());
    const from = Number(range?.[1]);
    const to = range?.[2] === undefined ? from : range[2] === '' ? all.length : Number(range[2]);
    if (!range || from < 1 || to < from)
      return {
        message: `lines="${request.lines}" is not a line range`,
        hint: 'write lines="5-20" (lines 5 to 20), lines="5" or lines="5-" (line 5 to the end)',
      };
    if (to > all.length)
      return {
        message: `lines="${request.lines}" goes past the end of ${request.file}, which has ${all.length} line${all.length === 1 ? '' : 's'}`,
        hint: `end the range at line ${all.length} at most, or write lines="${from}-" to take the rest of the file`,
      };
    slice = all.slice(from - 1, to);
  } else if (request.region === undefined && all[0]?.text.trim() === '---') {
    // A whole page included: its front matter is for its own page, not this one.
    const end = all.findIndex((line, i) => i > 0 && line.text.trim() === '---');
    slice = all.slice(end + 1);
  } else if (request.region !== undefined) {
    const marks = all.map(({ text }) => REGION_MARK.exec(text));
    const start = marks.findIndex((mark) => mark && !mark[1] && mark[2] === request.region);
    if (start < 0) {
      const names = marks.flatMap((mark) => (mark && !mark[1] ? [mark[2]] : []));
      return {
        message: `${request.file} has no region '${request.region}'`,
        hint: names.length
          ? `its regions are ${names.join(', ')}`
          : `mark it in the file with <!-- region ${request.region} --> and <!-- endregion ${request.region} --> lines`,
      };
    }
    const end = marks.findIndex((mark, i) => i > start && mark?.[1] && mark[2] === request.region);
    if (end < 0)
      return {
        message: `region '${request.region}' is never closed`,
        hint: `add a line <!-- endregion ${request.region} --> where it ends`,
        at: { file: request.file, line: start + 1, column: 1 },
      };
    slice = all.slice(start + 1, end);
  }
  // Region markers are for the tool, not the reader; the lines around them keep their numbers.
  return slice.filter(({ text }) => !REGION_MARK.test(text));
}
