// YAML's parse errors in words a writer can act on. The yaml package reports where it gave up, which for an unclosed
// quote or bracket is the end of the text; a writer needs the place where it was opened, and the fix.
import { type Alias, type Document, isScalar, visit, type YAMLError } from 'yaml';

/** A problem in a YAML text: its message, where it is (1-based file line and column) and how to fix it. */
export interface YamlProblem {
  message: string;
  line: number;
  column: number;
  hint?: string;
}

/** What the explainers find: an offset into the text instead of a line. `lineOf` gives file lines for messages. */
type Found = { message: string; offset: number; hint?: string };

/**
 * The first error of a parsed document, explained. `text` is what was parsed; `firstLine` is the file line it starts
 * on (front matter starts on line 2, after its `---`).
 */
export function explainYamlError(text: string, doc: Document.Parsed, firstLine = 1): YamlProblem {
  const lineOf = (offset: number) => lineNumberAt(text, offset) + firstLine - 1;
  const found = explain(text, doc, lineOf);
  return { message: found.message, line: lineOf(found.offset), column: columnAt(text, found.offset), hint: found.hint };
}

/**
 * The value of a document parsed without errors, or the problem that keeps it from having one: aliases (`*name`)
 * that would copy values past the yaml package's limit, a "billion laughs" (each line a list of aliases of the line
 * above: a few lines stand for billions of values). The package refuses to expand them, with an error that names no
 * place; the problem is placed at the first alias of a value that holds aliases itself, where the copies start to
 * multiply (else at the first alias: one value copied over a hundred times).
 */
export function yamlValue(
  text: string,
  doc: Document.Parsed,
  firstLine = 1,
): { value: unknown; problem?: undefined } | { value?: undefined; problem: YamlProblem } {
  try {
    return { value: doc.toJS() };
  } catch (error) {
    if (!(error instanceof ReferenceError && /alias count/i.test(error.message))) throw error;
    const aliases: Alias[] = [];
    visit(doc, { Alias: (_key, node) => void aliases.push(node) });
    const holdsAliases = (alias: Alias) => {
      let holds = false;
      const source = alias.resolve(doc);
      if (source)
        visit(source, {
          Alias: () => {
            holds = true;
            return visit.BREAK;
          },
        });
      return holds;
    };
    const offset = (aliases.find(holdsAliases) ?? aliases[0])?.range?.[0] ?? 0;
    return {
      problem: {
        message: 'too many aliases: copying what they name would make more than 100 copies (a YAML alias bomb)',
        line: lineNumberAt(text, offset) + firstLine - 1,
        column: columnAt(text, offset),
        hint: 'write the values out, or copy fewer with aliases (*name) of anchors that hold aliases themselves',
      },
    };
  }
}

function explain(text: string, doc: Document.Parsed, lineOf: (offset: number) => number): Found {
  const error = doc.errors[0];
  const at = error.pos[0];
  const fallback: Found = { message: error.message.split('\n')[0], offset: at };
  switch (error.code) {
    case 'MISSING_CHAR':
      return unclosedQuote(doc, at) ?? fallback;
    case 'BAD_INDENT':
      return (
        unclosedFlow(text, doc, error) ?? {
          ...fallback,
          hint: 'indent every key of one block by the same number of spaces',
        }
      );
    case 'BLOCK_AS_IMPLICIT_KEY':
      return colonInValue(text, error) ?? indentedKey(text, at) ?? fallback;
    case 'MULTILINE_IMPLICIT_KEY':
      // A line that is neither 'key: value' nor inside a value: YAML reads it as the start of a key that goes on.
      return {
        message: `'${lineTextAt(text, at).trim()}' is not a 'key: value' line`,
        offset: at,
        hint: "write one 'key: value' per line, with list items ('- x') indented under their key",
      };
    case 'TAB_AS_INDENT':
      return {
        message: 'this line is indented with a tab, which YAML does not allow',
        offset: at,
        hint: 'indent with spaces',
      };
    case 'DUPLICATE_KEY':
      return duplicateKey(doc, at, lineOf) ?? fallback;
    case 'UNEXPECTED_TOKEN':
      return textAfterQuote(doc, at) ?? tabIndent(text, at) ?? fallback;
    case 'BAD_SCALAR_START':
      return { ...fallback, hint: 'put the value in quotes' };
    default:
      return fallback;
  }
}

/** 1-based line of an offset. */
export function lineNumberAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** 1-based column of an offset on its line. */
export function columnAt(text: string, offset: number): number {
  return offset - text.lastIndexOf('\n', offset - 1);
}

function lineTextAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
}

/** `title: "Setup` with no closing quote: the quoted value that runs to where the parser stopped. */
function unclosedQuote(doc: Document.Parsed, at: number): Found | undefined {
  let found: Found | undefined;
  visit(doc, {
    Scalar(_key, node) {
      const quote = node.type === 'QUOTE_DOUBLE' ? '"' : node.type === 'QUOTE_SINGLE' ? "'" : undefined;
      if (quote && node.range && node.range[1] === at && !found)
        found = {
          message: `the quote ${quote} opened here is never closed`,
          offset: node.range[0],
          hint: `end the value with ${quote} on the same line`,
        };
    },
  });
  return found;
}

/** `tags: [a, b` with no `]`: the flow list or mapping that the parser was still inside. */
function unclosedFlow(text: string, doc: Document.Parsed, error: YAMLError): Found | undefined {
  const close = /end with a ([\]}])/.exec(error.message)?.[1];
  if (!close) return undefined;
  const open = close === ']' ? '[' : '{';
  let start: number | undefined;
  visit(doc, {
    Collection(_key, node) {
      if (node.flow && node.range && node.range[1] === error.pos[0] && text[node.range[0]] === open)
        start = node.range[0];
    },
  });
  if (start === undefined) return undefined;
  const kind = open === '[' ? 'list' : 'mapping';
  // As many closing as opening brackets from here on: it is closed further down, on lines not indented under its key.
  const count = (char: string) => text.slice(start).split(char).length - 1;
  if (count(close) >= count(open))
    return {
      message: `the ${open} ${kind} that starts here goes on over lines that are not indented`,
      offset: start,
      hint: `keep it on one line, or indent the lines after the first`,
    };
  return {
    message: `the ${open} ${kind} opened here is never closed`,
    offset: start,
    hint: `end it with ${close} on the same line`,
  };
}

/** `description: Setup: the panel`: an unquoted value with ': ' in it. */
function colonInValue(text: string, error: YAMLError): Found | undefined {
  const rest = lineTextAt(text, error.pos[0]).slice(columnAt(text, error.pos[0]) - 1);
  if (!/:(\s|$)/.test(rest)) return undefined;
  return {
    message: error.message.split('\n')[0],
    offset: error.pos[0],
    hint: "put the value in quotes when it contains ': '",
  };
}

/** A tab indenting a line under a list item, which the parser reports as an unexpected token rather than a tab. */
function tabIndent(text: string, at: number): Found | undefined {
  if (!/^[ \t]*\t/.test(lineTextAt(text, at))) return undefined;
  return {
    message: 'this line is indented with a tab, which YAML does not allow',
    offset: text.lastIndexOf('\n', at - 1) + 1,
    hint: 'indent with spaces',
  };
}

/** `title: A` then `  description: x`: an indented key under one that already has a value. */
function indentedKey(text: string, at: number): Found | undefined {
  const key = /^\s*(?:-\s+)?([^:#\s][^:#]*?)\s*:/.exec(lineTextAt(text, at))?.[1];
  let next = text.indexOf('\n', at) + 1;
  while (next > 0 && next < text.length && lineTextAt(text, next).trim() === '') next = text.indexOf('\n', next) + 1;
  if (!key || next <= 0 || next >= text.length) return undefined;
  const line = lineTextAt(text, next);
  const nested = /^(\s*)([^:#\s][^:#]*?)\s*:/.exec(line);
  if (!nested) return undefined;
  return {
    message: `'${nested[2]}' is indented under '${key}', which already has a value`,
    offset: next + nested[1].length,
    hint: `start '${nested[2]}:' in the same column as '${key}:'`,
  };
}

/** `title:` written twice in one mapping. */
function duplicateKey(doc: Document.Parsed, at: number, lineOf: (offset: number) => number): Found | undefined {
  let found: Found | undefined;
  visit(doc, {
    Map(_key, node) {
      if (found) return;
      const keys = node.items.map((pair) => pair.key).filter(isScalar);
      const second = keys.find((key) => key.range?.[0] === at);
      const first = second && keys.find((key) => key !== second && key.value === second.value);
      if (second && first?.range) {
        found = {
          message: `'${String(second.value)}' is set twice (also on line ${lineOf(first.range[0])})`,
          offset: at,
          hint: 'remove one of them',
        };
      }
    },
  });
  return found;
}

/**
 * `title: 'it's'`: text after the closing quote, most often an apostrophe inside single quotes. Points at that quote.
 */
function textAfterQuote(doc: Document.Parsed, at: number): Found | undefined {
  let found: Found | undefined;
  visit(doc, {
    Scalar(_key, node) {
      if (found || !node.range || node.range[1] > at || node.range[2] < at) return;
      const message = 'this quote ends the value, but the line goes on';
      if (node.type === 'QUOTE_SINGLE')
        found = {
          message,
          offset: node.range[1] - 1,
          hint: `write an apostrophe inside '...' as '', or quote the value with "..."`,
        };
      else if (node.type === 'QUOTE_DOUBLE')
        found = {
          message,
          offset: node.range[1] - 1,
          hint: `write a quote inside "..." as \\", or quote the value with '...'`,
        };
    },
  });
  return found;
}
