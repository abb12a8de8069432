// Includes: a line of its own `::include{file="../_partials/keystore.md" region="android"}` is replaced by the text of
// that file (whole, `lines="5-20"`, or the named region between `<!-- region name -->` and `<!-- endregion name -->`).
// A file that is not markdown (or one given a `lang`) is shown as code instead: `::include{file="./main.dart"}` is
// replaced by a fenced code block of its text (code-include.ts), its region markers in its own comments.
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
import type { Diagnostics, Location, Related } from '../shared/model/diagnostics.ts';
import { codeFence, codeText, type IncludeFiles } from './code-include.ts';
import { type IncludeRequest, type NumberedLine, parseDirective, pick, type Problem } from './include-request.ts';

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
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Replaces each include directive in `body` (outside fenced code) by the text it names, recursively. A problem is an
 * error at the directive (or in the included file, where it is written there) and the directive's line is left
 * empty, so the rest of the page renders. `files` gives the files of content/ by path from the project root.
 */
export function expandIncludes(
  page: { file: string; body: string; bodyLine: number },
  files: IncludeFiles,
  diagnostics: Diagnostics,
): ExpandedBody {
  // Most pages include nothing: they keep their body, and their lines map to the file by the body's first line.
  if (!page.body.includes('::include')) return { body: page.body };
  const expansion = new Expansion(page.file, files, diagnostics);
  const own = page.body.split('\n').map((text, i) => ({ text, line: page.bodyLine + i }));
  expansion.expand(own, { file: page.file, stack: [page.file], indent: '' });
  return expansion.result();
}

/** The lines a directive brings in, where they come from, and for code, the fence around them. */
interface Included {
  lines: NumberedLine[];
  frame: Frame;
  fence?: { open: string; close: string };
}

/** Where the lines being expanded come from. */
interface Frame {
  file: string;
  /** The directives they came through, innermost first; none for the page's own lines. */
  includedFrom?: Related[];
  /** The files including them, the page first, their own last: a file met again is a cycle. */
  stack: string[];
  /** The indentation of the directive that brought them (nested in a list item), given to each of their lines. */
  indent: string;
}

/** The expansion of one page's body: the lines so far, with their origins, and what includes have brought. */
class Expansion {
  private readonly lines: string[] = [];
  private readonly origins: LineOrigin[] = [];
  // The lines each include takes, by file and lines or region: a file included many times is read and cut once.
  private readonly picks = new Map<string, NumberedLine[] | Problem>();
  // What includes have brought in so far (see MAX_INCLUDED); once past the limit no include is expanded.
  private readonly brought = { lines: 0, characters: 0 };
  private overflowed = false;
  // The lines each of the page's own directives brought in, to be taken out again if a later one goes past the limit.
  private readonly expanded: { start: number; end: number; origin: LineOrigin }[] = [];

  constructor(
    private readonly page: string,
    private readonly files: IncludeFiles,
    private readonly diagnostics: Diagnostics,
  ) {}

  /** Adds `source`'s lines, each directive replaced by the lines it brings. */
  expand(source: NumberedLine[], frame: Frame): void {
    let fence: string | undefined;
    for (const { text, line } of source) {
      // Past the limit, included files stop where they are; the page's own lines go on.
      if (this.overflowed && frame.includedFrom) return;
      const origin = { file: frame.file, line, indent: frame.indent.length, includedFrom: frame.includedFrom };
      // A directive inside fenced code is an example of one (the writer's guide shows them), not an include.
      fence = fenceAfter(text, fence);
      const directive = fence ? null : DIRECTIVE.exec(text);
      if (directive && !this.overflowed) {
        const at = { file: frame.file, line, column: directive[1].length + 1 };
        // A directive costs its own line even when it brings nothing, so includes of empty files are bounded too.
        const included = this.take(text.length + 1, at, () => frame.includedFrom) && this.include(directive, at, frame);
        if (included) {
          const start = this.lines.length;
          if (included.fence) this.fence(included, included.fence, origin);
          else this.expand(included.lines, included.frame);
          if (this.overflowed && frame.includedFrom) return;
          if (!frame.includedFrom) this.expanded.push({ start, end: this.lines.length, origin });
          continue;
        }
      } else if (!directive && frame.includedFrom) {
        // Past the limit at a line of included text: the error is at the directive that brought it.
        const { includedFrom } = frame;
        if (!this.take(frame.indent.length + text.length + 1, includedFrom[0].location, () => includedFrom.slice(1)))
          return;
      }
      // A failed directive's line stays, empty, so the page's later lines keep their place.
      this.lines.push(directive ? '' : frame.indent + text);
      this.origins.push(origin);
    }
  }

  /**
   * Adds the lines of a file shown as code, in their fence. The code is not read for directives: it is the file's text
   * as it is, and an `::include` in it is shown as written.
   */
  private fence({ lines, frame }: Included, fence: { open: string; close: string }, directive: LineOrigin): void {
    const { indent, includedFrom } = frame;
    this.lines.push(indent + fence.open);
    this.origins.push(directive);
    for (const { text, line } of lines) {
      if (!this.take(indent.length + text.length + 1, includedFrom![0].location, () => includedFrom!.slice(1))) return;
      this.lines.push(indent + text);
      this.origins.push({ file: frame.file, line, indent: indent.length, includedFrom });
    }
    this.lines.push(indent + fence.close);
    this.origins.push(directive);
  }

  /** The page's body as expanded, or, once past the limit, with every include bringing nothing. */
  result(): ExpandedBody {
    const { lines, origins } = this;
    if (!this.overflowed) return { body: lines.join('\n'), origins };
    // Past the limit, every include brings nothing, as one that fails: the build stops after the markdown step, which
    // then parses the page's own lines (for their problems too), not the millions of lines includes could bring.
    const kept = { lines: [] as string[], origins: [] as LineOrigin[] };
    const keep = (from: number, to: number) => {
      for (let i = from; i < to; i++) (kept.lines.push(lines[i]), kept.origins.push(origins[i]));
    };
    let from = 0;
    for (const { start, end, origin } of this.expanded) {
      keep(from, start);
      kept.lines.push('');
      kept.origins.push(origin);
      from = end;
    }
    keep(from, lines.length);
    return { body: kept.lines.join('\n'), origins: kept.origins };
  }

  /** The lines a directive brings in, and where they come from; undefined after reporting why it brings none. */
  private include(directive: RegExpExecArray, at: Location, frame: Frame): Included | undefined {
    const error = (problem: Problem) => this.report(problem, at, frame);
    const request = parseDirective(directive[2], frame.file);
    if ('message' in request) return error(request);
    const { stack } = frame;
    // Code is shown, not expanded: a page may show its own source.
    if (!request.code && stack.includes(request.file)) {
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
    const picked = this.pick(request, frame);
    if ('message' in picked) return error(picked);
    const fence = request.code && codeFence(request.code, picked);
    if (fence && 'message' in fence) return error(fence);
    const includedFrom = [{ message: 'included here', location: at }, ...(frame.includedFrom ?? [])];
    const indent = frame.indent + directive[1];
    return {
      lines: picked,
      frame: { file: request.file, includedFrom, stack: [...stack, request.file], indent },
      fence,
    };
  }

  /** The lines `request` takes, each file and range cut once; or what is wrong with it. */
  private pick(request: IncludeRequest, frame: Frame): NumberedLine[] | Problem {
    const key = JSON.stringify([request.file, request.lines, request.region, request.code?.lang]);
    let picked = this.picks.get(key);
    if (picked) return picked;
    const text = request.code ? codeText(this.files, request.file) : this.files.texts.get(request.file);
    if (text === undefined)
      return {
        message: `included file ${request.file} does not exist`,
        hint: `the path is relative to ${frame.file} (a path starting with / starts at content/)`,
      };
    this.picks.set(key, (picked = typeof text === 'string' ? pick(text, request) : text));
    return picked;
  }

  /** Reports a problem of the directive at `at` (or in the file it includes, where the problem says so). */
  private report(problem: Problem, at: Location, frame: Frame): undefined {
    const related = problem.at
      ? [{ message: 'included here', location: at }, ...(frame.includedFrom ?? [])]
      : frame.includedFrom;
    this.diagnostics.error('content', problem.message, problem.at ?? at, problem.hint, related);
    return undefined;
  }

  /** Counts one more line of included text; false, after an error at `at`, once past the limit. */
  private take(characters: number, at: Location, related: () => Related[] | undefined): boolean {
    const { brought } = this;
    brought.characters += characters;
    const past =
      ++brought.lines > MAX_INCLUDED.lines
        ? `${MAX_INCLUDED.lines.toLocaleString('en-US')} lines`
        : brought.characters > MAX_INCLUDED.characters
          ? `${MAX_INCLUDED.characters.toLocaleString('en-US')} characters`
          : undefined;
    if (!past) return true;
    this.overflowed = true;
    this.diagnostics.error(
      'content',
      `this include takes the text included into ${this.page} past ${past}, the most one page may include`,
      at,
      'includes multiply (a file included 10 times that itself includes another 10 times brings 100 copies): include the text fewer times, or split the page',
      related(),
    );
    return false;
  }
}

/** The fence open after `text`, given the one open before it (a fence closes with a line of its mark, as long). */
function fenceAfter(text: string, fence: string | undefined): string | undefined {
  const mark = FENCE.exec(text)?.[1];
  if (fence && mark?.[0] === fence[0] && mark.length >= fence.length && text.trim() === mark) return undefined;
  if (!fence && mark) return mark;
  return fence;
}
