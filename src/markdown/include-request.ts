// An include directive read: its attributes (the file, and lines or a region of it), and the lines it takes from the
// file (includes.ts expands them). Each problem is said with the fix.
import path from 'node:path/posix';
import { MARKDOWN } from '../content/read.ts';
import type { Location } from '../shared/model/diagnostics.ts';

/** A line of a file, with its number (1-based). */
export interface NumberedLine {
  text: string;
  line: number;
}

const ATTRIBUTE = /\s*([A-Za-z]+)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))\s*/y;
const REGION_MARK = /^\s*<!--\s*(end)?region\s+([\w.-]+)\s*-->\s*$/;

/** What is wrong with an include; `at` when it is written in the included file rather than at the directive. */
export interface Problem {
  message: string;
  hint: string;
  at?: Location;
}

export interface IncludeRequest {
  file: string;
  lines?: string;
  region?: string;
}

const SYNTAX_HINT = 'write ::include{file="../_partials/name.md"}, optionally with lines="5-20" or region="name"';

/** The directive's attributes, or what is wrong with them. */
export function parseDirective(written: string, fromFile: string): IncludeRequest | Problem {
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
export function pick(text: string, request: IncludeRequest): NumberedLine[] | Problem {
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
