// Splits `---` YAML front matter from a markdown file and remembers the line the body starts on,
// so that every later message about the body can name the right line of the file.
import { isMap, isScalar, parseDocument } from 'yaml';
import { fail } from '../diagnostics.ts';
import { explainYamlError } from './yaml-errors.ts';

export interface Split {
  frontMatter: Record<string, unknown>;
  body: string;
  /** 1-based line of the file where the body begins. */
  bodyLine: number;
  /** 1-based file line of each top-level front matter key, for messages about its value. */
  keyLines: Record<string, number>;
}

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^---[ \t]*$/m;

/** Reads the front matter of `text`; `file` is used in errors. */
export function splitFrontMatter(text: string, file: string): Split {
  if (!OPEN.test(text)) return { frontMatter: {}, body: text, bodyLine: 1, keyLines: {} };
  const afterOpen = text.slice(text.indexOf('\n') + 1);
  const close = CLOSE.exec(afterOpen);
  if (!close)
    fail(
      'content',
      'front matter starts with --- but never ends',
      { file, line: 1, column: 1 },
      'add a closing --- line',
    );
  const yamlText = afterOpen.slice(0, close.index);
  const doc = parseDocument(yamlText, { prettyErrors: false });
  if (doc.errors.length > 0) {
    // The YAML starts on line 2, after the opening ---.
    const problem = explainYamlError(yamlText, doc, 2);
    fail(
      'content',
      `invalid front matter: ${problem.message}`,
      { file, line: problem.line, column: problem.column },
      problem.hint,
    );
  }
  const value = doc.toJS() ?? {};
  if (typeof value !== 'object' || Array.isArray(value))
    fail(
      'content',
      'front matter must be a YAML mapping (key: value lines)',
      { file, line: 2, column: 1 },
      "write one 'key: value' per line, with a space after the colon",
    );
  const yamlLines = yamlText.split('\n').length - (yamlText.endsWith('\n') || yamlText === '' ? 1 : 0);
  let rest = afterOpen.slice(close.index + close[0].length);
  rest = rest.replace(/^\r?\n/, '');
  const keyLines: Record<string, number> = {};
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range)
        keyLines[String(pair.key.value)] = yamlText.slice(0, pair.key.range[0]).split('\n').length + 1;
    }
  }
  // Lines: opening ---, the YAML lines, closing ---, then the body.
  return { frontMatter: value as Record<string, unknown>, body: rest, bodyLine: yamlLines + 3, keyLines };
}
