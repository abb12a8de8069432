// Front matter: split from a markdown file (remembering the line the body starts on, so every later message about
// the body names the right line of the file), then checked once against its kind's schema
// (shared/content/front-matter-schema.ts), so later stages read typed fields and never `unknown`. A value of the wrong type
// is an error at its line (it used to be ignored, so `title: 2024` quietly lost the title).
import { isMap, isScalar, parseDocument } from 'yaml';
import { type Diagnostic, fail } from '../shared/model/diagnostics.ts';
import { type KeyLocator, INVALID } from '../shared/schema/context.ts';
import type { FrontMatter, SourceKind } from '../shared/model/types.ts';
import { frontMatterSchemas, NULL_KEEPING_KEYS } from '../shared/content/front-matter-schema.ts';
import { explainYamlError, yamlValue } from './yaml-errors.ts';
import { yamlLocator } from './yaml-locate.ts';
import { readYamlSubset } from './yaml-subset.ts';

export interface Split {
  frontMatter: Record<string, unknown>;
  body: string;
  /** 1-based line of the file where the body begins. */
  bodyLine: number;
  /** 1-based file line of each top-level front matter key, for messages about its value. */
  keyLines: Record<string, number>;
  /** Where a key (by path: 'cards[1].href') or its value is written, for the messages of its checks. */
  at: KeyLocator;
}

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^---[ \t]*$/m;

/** Reads the front matter of `text`; `file` is used in errors. */
export function splitFrontMatter(text: string, file: string): Split {
  if (!OPEN.test(text)) return { frontMatter: {}, body: text, bodyLine: 1, keyLines: {}, at: () => ({ file }) };
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
  const yamlLines = yamlText.split('\n').length - (yamlText.endsWith('\n') || yamlText === '' ? 1 : 0);
  const rest = afterOpen.slice(close.index + close[0].length).replace(/^\r?\n/, '');
  // Lines: opening ---, the YAML lines, closing ---, then the body.
  const bodyLine = yamlLines + 3;
  // The YAML starts on line 2, after the opening ---.
  const flat = readYamlSubset(yamlText, 2);
  if (flat)
    return {
      frontMatter: flat.values,
      body: rest,
      bodyLine,
      keyLines: flat.keyLines,
      at: yamlLocator(file, yamlText, 2),
    };
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
  const { value: read, problem } = yamlValue(yamlText, doc, 2);
  if (problem)
    fail(
      'content',
      `invalid front matter: ${problem.message}`,
      { file, line: problem.line, column: problem.column },
      problem.hint,
    );
  const value = read ?? {};
  if (typeof value !== 'object' || Array.isArray(value))
    fail(
      'content',
      'front matter must be a YAML mapping (key: value lines)',
      { file, line: 2, column: 1 },
      "write one 'key: value' per line, with a space after the colon",
    );
  const keyLines: Record<string, number> = {};
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range)
        keyLines[String(pair.key.value)] = yamlText.slice(0, pair.key.range[0]).split('\n').length + 1;
    }
  }
  const at = yamlLocator(file, yamlText, 2, doc);
  return { frontMatter: value as Record<string, unknown>, body: rest, bodyLine, keyLines, at };
}

/**
 * The typed front matter of one file, checked against the schema of its kind (shared/content/front-matter-schema.ts), and
 * the problems found in it, each at the line of its key or value.
 */
export function typeFrontMatter(kind: SourceKind, split: Split): { frontMatter: FrontMatter; problems: Diagnostic[] } {
  const problems: Diagnostic[] = [];
  // `key:` with nothing after it is YAML's null: the key is unset (its name still counts for did-you-mean), except
  // where null is a value of its own (`pagination_next: null`, no next link).
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(split.frontMatter))
    values[key] = value === null && NULL_KEEPING_KEYS.has(key) ? null : (value ?? undefined);
  const schema = frontMatterSchemas[kind === 'page' && values.layout === 'home' ? 'home' : kind];
  const checked = schema.run(values, [], { code: 'content', at: split.at, problems, locations: {} });
  return { frontMatter: checked === INVALID || checked === undefined ? {} : checked, problems };
}
