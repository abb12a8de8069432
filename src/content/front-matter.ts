// Front matter: split from a markdown file (remembering the line the body starts on, so every later message about
// the body names the right line of the file), then the keys egdocs reads checked once, so later stages read typed
// fields and never `unknown`. A value of the wrong type is an error at its line (it used to be ignored, so
// `title: 2024` quietly lost the title). Keys egdocs does not read are left alone: pages moved from other
// generators carry many.
import { isMap, isScalar, parseDocument } from 'yaml';
import { type Diagnostic, fail } from '../diagnostics.ts';
import type { FrontMatter, HomeCard, HomeHero, SourceKind } from '../types.ts';
import { isLinkable, LINK_FORMS } from '../shared/url-checks.ts';
import { calendarDateProblem } from './dates.ts';
import { explainYamlError, yamlValue } from './yaml-errors.ts';
import { readYamlSubset } from './yaml-subset.ts';

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
  const yamlLines = yamlText.split('\n').length - (yamlText.endsWith('\n') || yamlText === '' ? 1 : 0);
  const rest = afterOpen.slice(close.index + close[0].length).replace(/^\r?\n/, '');
  // Lines: opening ---, the YAML lines, closing ---, then the body.
  const bodyLine = yamlLines + 3;
  // The YAML starts on line 2, after the opening ---.
  const flat = readYamlSubset(yamlText, 2);
  if (flat) return { frontMatter: flat.values, body: rest, bodyLine, keyLines: flat.keyLines };
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
  return { frontMatter: value as Record<string, unknown>, body: rest, bodyLine, keyLines };
}

interface Raw {
  kind: SourceKind;
  file: string;
  keyLines: Record<string, number>;
  values: Record<string, unknown>;
}

/** The typed front matter of one file, and the problems found in it (each at the line of its key). */
export function typeFrontMatter(raw: Raw): { frontMatter: FrontMatter; problems: Diagnostic[] } {
  const problems: Diagnostic[] = [];
  const { values } = raw;
  const at = (key: string) => ({ file: raw.file, line: raw.keyLines[key] ?? 1, column: 1 });
  const wrong = (key: string, expected: string, hint: string, message = `front matter '${key}' must be ${expected}`) =>
    problems.push({ severity: 'error', code: 'content', message, location: at(key), hint });
  const has = (key: string) => values[key] !== undefined && values[key] !== null;

  const text = (key: string): string | undefined => {
    if (!has(key)) return undefined;
    if (typeof values[key] === 'string') return values[key] as string;
    wrong(key, 'text', `write it in quotes: ${key}: '${String(values[key])}'`);
    return undefined;
  };
  const flag = (key: string): boolean | undefined => {
    if (!has(key)) return undefined;
    if (typeof values[key] === 'boolean') return values[key] as boolean;
    wrong(key, 'true or false', `write ${key}: true`);
    return undefined;
  };
  const level = (key: string): number | undefined => {
    if (!has(key)) return undefined;
    const value = values[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6) return value;
    wrong(key, 'a heading level from 1 to 6', `write ${key}: 3`);
    return undefined;
  };
  const position = (key: string): number | undefined => {
    if (!has(key)) return undefined;
    if (typeof values[key] === 'number' && Number.isFinite(values[key])) return values[key] as number;
    wrong(key, 'a number', `write ${key}: 2 (lower numbers come first)`);
    return undefined;
  };
  // One entry or a list of them, as writers use both ("tags: setup" and "tags: [setup, firebase]").
  const list = (key: string, what: string, hint: string, message?: string): string[] | undefined => {
    if (!has(key)) return undefined;
    const value = values[key];
    const entries = Array.isArray(value) ? value : [value];
    if (entries.every((entry) => typeof entry === 'string' || typeof entry === 'number')) return entries.map(String);
    wrong(key, what, hint, message);
    return undefined;
  };

  const frontMatter: FrontMatter = {
    title: text('title'),
    description: text('description'),
    slug: text('slug'),
    id: text('id'),
    sidebarLabel: text('sidebar_label'),
    draft: flag('draft'),
    layout: text('layout'),
    keywords: list('keywords', 'a word or a list of words', 'write keywords: [setup, firebase]'),
    hideTableOfContents: flag('hide_table_of_contents'),
    tocMinHeadingLevel: level('toc_min_heading_level'),
    tocMaxHeadingLevel: level('toc_max_heading_level'),
    lastUpdate: lastUpdateOf(values.last_update, (day) =>
      day
        ? wrong(
            'last_update',
            'a day',
            'write the day it was last updated, like last_update: { date: 2026-01-31 }',
            `front matter 'last_update' date ${day.date} is not a day of the calendar: ${day.problem}`,
          )
        : wrong(
            'last_update',
            'a date and/or an author',
            "write last_update: { date: 2026-01-31, author: 'Jane Doe' }",
            "front matter 'last_update' must be { date: YYYY-MM-DD, author: name } (either may be left out)",
          ),
    ),
  };
  if (raw.kind === 'blog') {
    const registry = { authors: 'content/blog/authors.yml', tags: 'content/blog/tags.yml' };
    for (const [key, what] of [
      ['authors', 'author'],
      ['tags', 'tag'],
    ] as const) {
      // Authors written out in full, as some generators allow, are the usual mistake here.
      frontMatter[key] = list(
        key,
        `a list of ${what} ids`,
        `describe the ${what} in ${registry[key]} and write its id here`,
        `${key} must list ${what} ids from ${registry[key]}`,
      );
    }
    frontMatter.date = postDate(values.date, (message) =>
      wrong('date', 'a date', 'write the day the post was published: date: 2025-01-31', message),
    );
  } else {
    frontMatter.tags = list('tags', 'a tag or a list of tags', 'write tags: [setup, firebase]');
  }
  if (raw.kind === 'doc') {
    frontMatter.sidebarPosition = position('sidebar_position');
    frontMatter.unlisted = flag('unlisted');
  }
  if (raw.kind === 'page' && frontMatter.layout === 'home') {
    frontMatter.hero = has('hero') ? (values.hero as HomeHero) : undefined;
    frontMatter.cards = has('cards') ? (values.cards as HomeCard[]) : undefined;
    // The home page's links become hrefs as the config's do: one that runs code (javascript:, data:) is refused.
    const links: ['hero' | 'cards', unknown][] = [
      ['hero', frontMatter.hero?.cta?.href],
      ...(Array.isArray(frontMatter.cards) ? frontMatter.cards : []).map((card): ['cards', unknown] => [
        'cards',
        card?.href,
      ]),
    ];
    for (const [key, href] of links)
      if (typeof href === 'string' && !isLinkable(href))
        problems.push({
          severity: 'error',
          code: 'content',
          message: `front matter '${key}' link must be ${LINK_FORMS}, got '${href}'`,
          location: at(key),
        });
  }
  const routeProblem = routeFieldProblem(raw, frontMatter);
  if (routeProblem) problems.push(routeProblem);
  // Leave out what is not set, so a page's front matter reads as what its file wrote.
  for (const key of Object.keys(frontMatter) as (keyof FrontMatter)[])
    if (frontMatter[key] === undefined) delete frontMatter[key];
  return { frontMatter, problems };
}

/**
 * `last_update: { date, author }`, which replaces what git says of a doc; `invalid` reports a wrong shape, or a date
 * of the right shape that is not a day (2026-02-31).
 */
function lastUpdateOf(
  value: unknown,
  invalid: (day?: { date: string; problem: string }) => void,
): FrontMatter['lastUpdate'] {
  if (value === undefined || value === null) return undefined;
  const fields = typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const written = fields?.date;
  const date =
    written instanceof Date || (typeof written === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(written))
      ? dateOf(written)
      : undefined;
  const problem = date && calendarDateProblem(date);
  if (date && problem) {
    invalid({ date, problem });
    return undefined;
  }
  const author = typeof fields?.author === 'string' ? fields.author : undefined;
  const known = fields && Object.keys(fields).every((key) => key === 'date' || key === 'author');
  // A date YAML did not read as one ('31/01/2026') or an author that is not text is refused, not silently dropped.
  if (!fields || !known || (fields.date !== undefined && !date) || (fields.author !== undefined && !author)) {
    invalid();
    return undefined;
  }
  return { ...(date && { date }), ...(author && { author }) };
}

/** A date as YAML gives it (a Date for 2025-01-31, a string for anything it does not read as one), as YYYY-MM-DD. */
function dateOf(value: Date | string): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);
}

/**
 * A post's `date`: a day (2025-01-31), with a time of day after it or not, as YYYY-MM-DD; `invalid` hears what else
 * was written ('yesterday' once sorted among the dates as it was).
 */
function postDate(value: unknown, invalid: (message: string) => void): string | undefined {
  if (value === undefined || value === null) return undefined;
  const day =
    value instanceof Date
      ? dateOf(value)
      : typeof value === 'string'
        ? /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{1,2}:\d{2}\S*(?: ?\S+)?)?$/.exec(value.trim())?.[1]
        : undefined;
  const problem = day && calendarDateProblem(day);
  if (day && !problem) return day;
  invalid(
    day
      ? `front matter 'date' ${day} is not a day of the calendar: ${problem}`
      : `front matter 'date' must be a date, got '${String(value)}'`,
  );
  return undefined;
}

/**
 * `slug` and a doc's `id` become parts of a URL and a file path. A '.' or '..' segment would put a page outside its
 * folder (`slug: /../` wrote over the home page), and a '/' in an id would make one name two folders.
 */
function routeFieldProblem(raw: Raw, { slug, id }: FrontMatter): Diagnostic | undefined {
  const at = (key: string) => ({ file: raw.file, line: raw.keyLines[key] ?? 1, column: 1 });
  if (slug !== undefined && slug.split('/').some((segment) => segment === '.' || segment === '..'))
    return {
      severity: 'error',
      code: 'content',
      message: `slug '${slug}' has a '.' or '..' segment, which would place the page outside the site's folders`,
      location: at('slug'),
      hint: "write the page's path from the root of its section, like 'slug: /setup/guide'",
    };
  const problem = raw.kind === 'doc' && id !== undefined ? idProblem(id) : undefined;
  if (problem)
    return {
      severity: 'error',
      code: 'content',
      message: `id '${id}' ${problem}`,
      location: at('id'),
      hint: 'an id names the file, not its folder; use a slug to change the path',
    };
  return undefined;
}

/** Why an id that becomes one URL segment (a doc's id, a blog author or tag id) cannot be used, or undefined. */
export function idProblem(id: string): string | undefined {
  if (id.includes('/') || id.includes('\\')) return "contains '/', but it names one page, not a folder";
  if (id === '.' || id === '..' || id.trim() === '') return 'is not a name a page can have';
  return undefined;
}
