// An include directive read: its attributes (the file, and lines or a region of it; for a file shown as code, its
// language, title and fence options), and the lines it takes from the file (includes.ts expands them). Each problem
// is said with the fix.
import path from 'node:path/posix';
import { MARKDOWN } from '../content/read.ts';
import type { Location } from '../shared/model/diagnostics.ts';
import { commentForms, commentLine, writtenComment } from './comment-forms.ts';

/** A line of a file, with its number (1-based). */
export interface NumberedLine {
  text: string;
  line: number;
}

// A value in quotes, or a word; a name alone is a flag (showLineNumbers).
const ATTRIBUTE = /\s*([A-Za-z]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?\s*/y;
const LANGUAGE = /^[\w+-]+$/;
const LINE_LIST = /^\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*$/;

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
  /** Shown as a fenced code block, not parsed as markdown: a file that is not markdown, or one given a `lang`. */
  code?: CodeOptions;
}

/** How an included file is shown as code: the fence's language and options, as a written fence has them. */
export interface CodeOptions {
  lang: string;
  title?: string;
  /** Lines to highlight, counted in the code shown (the fence's `{2-3}`), without spaces: `2-3,7`. */
  highlight?: string;
  lineNumbers: boolean;
}

const SYNTAX_HINT = 'write ::include{file="../_partials/name.md"}, optionally with lines="5-20" or region="name"';
const CODE_HINT =
  'write ::include{file="./snippets/main.dart"}, optionally with lang="dart", title="lib/main.dart", lines="5-20" or region="name", highlight="2-3" and showLineNumbers';
const CODE_ATTRIBUTES = ['lang', 'title', 'highlight', 'showLineNumbers'];
const ATTRIBUTES = ['file', 'lines', 'region', ...CODE_ATTRIBUTES];

/** The directive's attributes, or what is wrong with them. */
export function parseDirective(written: string, fromFile: string): IncludeRequest | Problem {
  const read = attributesOf(written);
  if ('message' in read) return read;
  const { values } = read;
  const code = values.file !== undefined && (!MARKDOWN.test(values.file) || values.lang !== undefined);
  const problem = (message: string): Problem => ({ message, hint: code ? CODE_HINT : SYNTAX_HINT });
  const unknown = Object.keys(values).find((name) => !ATTRIBUTES.includes(name));
  if (unknown)
    return problem(
      `unknown include attribute '${unknown}' (an include takes file, lines and region; one shown as code also lang, title, highlight and showLineNumbers)`,
    );
  const valueless = Object.keys(values).find((name) => (values[name] === undefined) !== (name === 'showLineNumbers'));
  if (valueless === 'showLineNumbers') return problem('showLineNumbers takes no value: write it alone');
  if (valueless) return problem(`${valueless} needs a value, as ${valueless}="..."`);
  if (!values.file) return problem('::include needs a file="..." attribute');
  if (values.lines !== undefined && values.region !== undefined)
    return problem('an include takes lines or region, not both');
  // Relative to the file holding the directive, as links are; a leading / starts at content/.
  const file = values.file.startsWith('/')
    ? path.join('content', values.file)
    : path.normalize(path.join(path.dirname(fromFile), values.file));
  if (!code) {
    // Included markdown is parsed in place: a fence's options have no fence to go on.
    const option = CODE_ATTRIBUTES.find((name) => name in values);
    if (option)
      return {
        message: `${option} is for a file shown as code, and ${file} is included as markdown`,
        hint: `to show the markdown itself as code, add lang="md"; to include it as text, leave ${option} out`,
      };
    return { file, lines: values.lines, region: values.region };
  }
  const lang = values.lang ?? languageOf(file);
  if (!LANGUAGE.test(lang))
    return problem(`lang="${lang}" is not a language name (letters, digits, '-', '+' and '_', as a fence has)`);
  const highlight = values.highlight?.replace(/\s+/g, '');
  const backwards = highlight?.split(',').some((range) => {
    const [from, to = from] = range.split('-').map(Number);
    return to < from;
  });
  if (highlight !== undefined && (!LINE_LIST.test(highlight) || backwards))
    return {
      message: `highlight="${values.highlight}" is not a list of lines`,
      hint: 'write highlight="2" (one line), highlight="2-4" (lines 2 to 4) or highlight="1,3-5", counted in the code shown',
    };
  const title = values.title;
  return {
    file,
    lines: values.lines,
    region: values.region,
    code: { lang, title, highlight, lineNumbers: 'showLineNumbers' in values },
  };
}

/** The attributes written in braces after `::include`, by name (a flag's value undefined); or what is wrong. */
function attributesOf(written: string): { values: Record<string, string | undefined> } | Problem {
  const braced = /^\{(.*)\}$/.exec(written.trim());
  if (!braced) return { message: '::include needs the file to include, in braces', hint: SYNTAX_HINT };
  const attributes = braced[1];
  const values: Record<string, string | undefined> = {};
  ATTRIBUTE.lastIndex = 0;
  while (ATTRIBUTE.lastIndex < attributes.length) {
    const start = ATTRIBUTE.lastIndex;
    const match = ATTRIBUTE.exec(attributes);
    if (!match)
      return { message: `cannot read the include's attributes at '${attributes.slice(start)}'`, hint: SYNTAX_HINT };
    values[match[1]] = match[2] ?? match[3] ?? match[4];
  }
  return { values };
}

/**
 * The fence language of a file shown as code without a `lang`: its extension, as a fence names it (`main.dart`:
 * dart, `build.gradle`: gradle), else its name (`Dockerfile`), else plain text.
 */
export function languageOf(file: string): string {
  const name = path.basename(file).toLowerCase();
  const extension = /\.([\w+-]+)$/.exec(name)?.[1];
  if (extension) return EXTENSIONS[extension] ?? extension;
  return NAMES[name] ?? 'text';
}

/** Extensions that are not the name a fence gives their language. */
const EXTENSIONS: Record<string, string> = { h: 'c', hpp: 'cpp', cc: 'cpp', m: 'objective-c', txt: 'text', svg: 'xml' };
/** Files named for their language, without an extension. */
const NAMES: Record<string, string> = {
  dockerfile: 'dockerfile',
  makefile: 'makefile',
  gemfile: 'ruby',
  podfile: 'ruby',
};

/** The languages of the files shown as code by the include directives in a markdown text (for the highlighter). */
export function includedLanguages(text: string): string[] {
  if (!text.includes('::include')) return [];
  const languages: string[] = [];
  for (const [, written] of text.matchAll(/^[ \t]*::include(\{.*\})[ \t]*$/gm)) {
    const request = parseDirective(written, 'content/');
    if ('code' in request && request.code) languages.push(request.code.lang);
  }
  return languages;
}

/** The lines an include takes from `text`, numbered, without region markers; or what is wrong with the request. */
export function pick(text: string, request: IncludeRequest): NumberedLine[] | Problem {
  const all = text
    .replace(/\r?\n$/, '')
    .split('\n')
    .map((line, i) => ({ text: line, line: i + 1 }));
  // Region markers are comments in the file's own syntax: `<!-- region name -->` in markdown, `// region name` in
  // Dart, `# region name` in YAML (comment-forms.ts); `#region` as some editors fold them.
  const forms = commentForms(request.code?.lang ?? 'md');
  const marker = commentLine(forms, '(#?(?:end)?region\\s+[\\w.-]+)');
  const markOf = (line: string) => {
    const comment = marker.exec(line)?.slice(1).find(Boolean);
    return comment ? /^#?(end)?region\s+([\w.-]+)$/.exec(comment) : null;
  };
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
  } else if (request.region === undefined && !request.code && all[0]?.text.trim() === '---') {
    // A whole page included: its front matter is for its own page, not this one.
    const end = all.findIndex((line, i) => i > 0 && line.text.trim() === '---');
    slice = all.slice(end + 1);
  } else if (request.region !== undefined) {
    const marks = all.map(({ text }) => markOf(text));
    const start = marks.findIndex((mark) => mark && !mark[1] && mark[2] === request.region);
    if (start < 0) {
      const names = marks.flatMap((mark) => (mark && !mark[1] ? [mark[2]] : []));
      return {
        message: `${request.file} has no region '${request.region}'`,
        hint: names.length
          ? `its regions are ${names.join(', ')}`
          : `mark it in the file with ${writtenComment(`region ${request.region}`, forms)} and ${writtenComment(`endregion ${request.region}`, forms)} lines`,
      };
    }
    const end = marks.findIndex((mark, i) => i > start && mark?.[1] && mark[2] === request.region);
    if (end < 0)
      return {
        message: `region '${request.region}' is never closed`,
        hint: `add a line ${writtenComment(`endregion ${request.region}`, forms)} where it ends`,
        at: { file: request.file, line: start + 1, column: 1 },
      };
    slice = all.slice(start + 1, end);
  }
  // Region markers are for the tool, not the reader; the lines around them keep their numbers.
  return slice.filter(({ text }) => !markOf(text));
}
