// The one schema of front matter: each key egdocs reads, for each kind of page, with its type and its checks, made
// of the combinators the config's schema is made of. The type later stages read (FrontMatter) is inferred from it,
// and content/front-matter.ts checks each file's front matter against its kind's. A value of the wrong type is an
// error at its line, in front matter's words ("front matter 'title' must be text") with how to write it. Keys egdocs
// does not read are left alone, as pages moved from other generators carry many; one a typo away from a key egdocs
// reads is a warning that names it. No node or DOM code here: the model's types are made from it.
import {
  array,
  boolean,
  camelCaseKeys,
  type Complaint,
  custom,
  type Expectation,
  type Flat,
  number,
  object,
  oneOrMany,
  type Output,
  type Shape,
  string,
} from '../schema/combinators.ts';
import { INVALID, keyOf, report } from '../schema/context.ts';
import {
  idProblem,
  isLinkable,
  LINK_FORMS,
  slugProblem,
  SOCIAL_IMAGE_FORM,
  socialImageProblem,
} from '../url-checks.ts';
import { calendarDateProblem } from './dates.ts';

/** A key that must be `what`, said in front matter's words, with how to write it. */
function must(what: string, hint: Expectation['hint']): Expectation {
  return { message: (key) => `front matter '${key}' must be ${what}`, hint };
}

const text = string()
  .expect(must('text', (key, written) => `write it in quotes: ${key}: '${String(written)}'`))
  .optional();
const flag = boolean()
  .expect(must('true or false', (key) => `write ${key}: true`))
  .optional();
const headingLevel = number({ whole: true, min: 1, max: 6 })
  .expect(must('a heading level from 1 to 6', (key) => `write ${key}: 3`))
  .optional();

/** A word of a list: text, or a number written bare ('keywords: [php, 8]'), as text. */
const word = custom<string>((value, path, ctx) => {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  report(ctx, `'${keyOf(path)}' must be a word, got ${JSON.stringify(value)}`, ctx.at(keyOf(path)));
  return INVALID;
});

/** A word or a list of them, as writers use both ('tags: setup', 'tags: [setup, firebase]'). */
const words = (what: string) =>
  oneOrMany(word)
    .expect(must(what, (key) => `write ${key}: [setup, firebase]`))
    .optional();

/** Blog posts name their authors and tags by id; authors written out in full, as some generators allow, are refused. */
function registryIds(what: 'author' | 'tag', registry: string) {
  return oneOrMany(word)
    .expect({
      message: (key) => `${key} must list ${what} ids from ${registry}`,
      hint: `describe the ${what} in ${registry} and write its id here`,
    })
    .optional();
}

/**
 * A day as YAML gives it (a Date, or text the package did not read as one), as YYYY-MM-DD; with `time`, a time of
 * day may follow it ('2025-01-31T10:00:00Z'). Undefined for anything else.
 */
function dayOf(value: unknown, { time = false } = {}): string | undefined {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  const pattern = time ? /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{1,2}:\d{2}\S*(?: ?\S+)?)?$/ : /^(\d{4}-\d{2}-\d{2})$/;
  return pattern.exec(time ? value.trim() : value)?.[1];
}

/**
 * Why a day written YYYY-MM-DD is not one of the calendar (2026-02-31, which Date makes March 3rd), said of
 * `subject`; undefined when it is one.
 */
function notADay(day: string | undefined, subject: string): string | undefined {
  const problem = day === undefined ? undefined : calendarDateProblem(day);
  return problem && `${subject} ${day} is not a day of the calendar: ${problem}`;
}

const PUBLISHED = 'write the day the post was published: date: 2025-01-31';

/** A blog post's `date`: a day, with a time of day after it or not ('yesterday' once sorted among the dates). */
const publishedOn = custom<string>((value, path, ctx) => {
  const day = dayOf(value, { time: true });
  if (day) return day;
  const key = keyOf(path);
  report(ctx, `front matter '${key}' must be a date, got '${String(value)}'`, ctx.at(key), PUBLISHED);
  return INVALID;
})
  .refine((day, key) => {
    const message = notADay(day, `front matter '${key}'`);
    return message ? { message, hint: PUBLISHED } : undefined;
  })
  .optional();

/** A doc's `last_update`: the day (YYYY-MM-DD) and author shown instead of what git says. */
const lastUpdate = object({
  date: custom<string>((value, path, ctx) => {
    const day = dayOf(value);
    if (day) return day;
    report(ctx, `'${keyOf(path)}' must be a day, YYYY-MM-DD`, ctx.at(keyOf(path)));
    return INVALID;
  }).optional(),
  author: string().optional(),
})
  .expect({
    message: (key) => `front matter '${key}' must be { date: YYYY-MM-DD, author: name } (either may be left out)`,
    hint: "write last_update: { date: 2026-01-31, author: 'Jane Doe' }",
  })
  .refine(({ date }, key) => {
    const message = notADay(date, `front matter '${key}' date`);
    return message
      ? {
          message,
          key: `${key}.date`,
          value: date,
          hint: 'write the day it was last updated, like last_update: { date: 2026-01-31 }',
        }
      : undefined;
  })
  // An empty author is none: git's is shown instead.
  .map(({ date, author }): { date?: string; author?: string } => ({ ...(date && { date }), ...(author && { author }) }))
  .optional();

/**
 * A doc's `pagination_prev` or `pagination_next`: the id of a doc of its version to link instead of its sidebar
 * neighbour, or null for no link (the site stage checks that the doc exists).
 */
const docOrNone = custom<string | null>((value, path, ctx) => {
  if (value === null || (typeof value === 'string' && value !== '')) return value;
  const key = keyOf(path);
  report(
    ctx,
    `front matter '${key}' must be a doc id or null, got ${JSON.stringify(value)}`,
    ctx.at(key),
    `write ${key}: guide/setup (the doc's id), or ${key}: null for no link`,
  );
  return INVALID;
}).optional();

/** Keys whose null means something (no link), so it is kept rather than read as an unset key. */
export const NULL_KEEPING_KEYS: ReadonlySet<string> = new Set(['pagination_prev', 'pagination_next']);

/** A link of the home page, which becomes an href as the config's do: one that runs code (javascript:) is refused. */
function linkProblem(href: string | undefined, key: string): Complaint | undefined {
  if (href === undefined || isLinkable(href)) return undefined;
  return { message: `front matter '${key}' must be ${LINK_FORMS}, got '${href}'`, key, value: href };
}

const hero = object(
  {
    title: string().optional(),
    tagline: string().optional(),
    /** The banner's button; without an href, it leads into the docs. */
    cta: object({ label: string().optional(), href: string().optional() }, { others: 'allowed' }).optional(),
  },
  { others: 'allowed' },
)
  .expect(
    must(
      '{ title, tagline, cta: { label, href } } (each may be left out)',
      'write hero: { title: Shop, tagline: Fresh food, cta: { label: Start, href: /docs/ } }',
    ),
  )
  .refine(({ cta }, key) => linkProblem(cta?.href, `${key}.cta.href`));

const card = object({ title: string(), text: string(), href: string() }, { others: 'allowed' })
  .expect(must('{ title, text, href }', 'write - { title: Setup, text: Install the panel, href: /docs/setup/ }'))
  .refine(({ href }, key) => linkProblem(href, `${key}.href`));

/** What every kind of page may say. */
const common = {
  title: text,
  description: text,
  /** The page's social card (og:image), relative to content/static/ or a URL, instead of the config's `image`. */
  image: text.refine((image, key) => {
    const problem = socialImageProblem(image);
    return problem ? { message: `${key} '${image}' ${problem}`, hint: `give ${SOCIAL_IMAGE_FORM}` } : undefined;
  }),
  /** The page's path within its section, replacing the one its file name gives. */
  slug: text.refine((slug, key) => {
    const problem = slugProblem(slug);
    return problem
      ? {
          message: `${key} '${slug}' ${problem}`,
          hint: "write the page's path from the root of its section, like 'slug: /setup/guide'",
        }
      : undefined;
  }),
  /** A doc's id, replacing its file name (not its folder) in the id and the path. */
  id: text,
  /** Docs: the entry's label in sidebars, breadcrumbs and previous/next links, instead of the title. */
  sidebar_label: text,
  /** A draft is left out of the site. */
  draft: flag,
  /** 'home' makes a page of content/pages the landing page (hero and cards). */
  layout: text,
  /** Words search finds the page by, beyond its text. */
  keywords: words('a word or a list of words'),
  hide_table_of_contents: flag,
  toc_min_heading_level: headingLevel,
  toc_max_heading_level: headingLevel,
  /** Docs: the date (YYYY-MM-DD) and author shown instead of what git says. */
  last_update: lastUpdate,
} satisfies Shape;

/** Docs and pages: tag labels. */
const tags = words('a tag or a list of tags');

/** Front matter's keys as later stages name them; a key egdocs does not read is left out. */
/**
 * Docusaurus's front matter keys egdocs does not read, with what a page moved from it does instead: a warning at the
 * key, where another generator's keys (Hugo's `weight`, Jekyll's `permalink`) pass in silence.
 */
const DOCUSAURUS_KEYS: Record<string, string> = {
  hide_title: 'every page shows its title; remove the key',
  displayed_sidebar: 'a doc shows the sidebar that lists it: list it in that sidebar in docs.sidebars',
  custom_edit_url: 'the edit link is docs.editUrl in the config, the same for every doc; remove the key',
  sidebar_class_name: 'sidebar entries take no class; style the sidebar with theme.stylesheets in the config',
  sidebar_custom_props: 'sidebar entries take no custom props; remove the key',
  parse_number_prefixes: 'egdocs keeps a file name whole in its id; remove the key',
  title_meta: 'the browser tab shows the title; remove the key, or set title',
};

const frontMatter = <S extends Shape>(shape: S) =>
  camelCaseKeys(object(shape, { others: 'allowed', foreign: DOCUSAURUS_KEYS }));

/** The front matter of each kind of page; a page of content/pages with `layout: home` is the home page. */
export const frontMatterSchemas = {
  doc: frontMatter({
    ...common,
    id: text.refine((id, key) => {
      const problem = idProblem(id);
      return problem
        ? {
            message: `${key} '${id}' ${problem}`,
            hint: 'an id names the file, not its folder; use a slug to change the path',
          }
        : undefined;
    }),
    tags,
    /** The place in an autogenerated sidebar among its folder's entries (lowest first; unset ones after, by name). */
    sidebar_position: number({ finite: true })
      .expect(must('a number', (key) => `write ${key}: 2 (lower numbers come first)`))
      .optional(),
    /** Meant to be in no sidebar (reached by links), so the build does not warn that it is in none. */
    unlisted: flag,
    /** The doc linked as previous instead of the sidebar's (an id of the same version), or null for none. */
    pagination_prev: docOrNone,
    /** The doc linked as next instead of the sidebar's (an id of the same version), or null for none. */
    pagination_next: docOrNone,
    /** The label of the previous/next links that lead to this doc, instead of its sidebar label. */
    pagination_label: text,
    /** false leaves the doc out of the comparison between its version and the next (site/changes.ts). */
    compare_versions: flag,
  }),
  blog: frontMatter({
    ...common,
    /** Author ids from content/blog/authors.yml. */
    authors: registryIds('author', 'content/blog/authors.yml'),
    /** Tag ids from content/blog/tags.yml. */
    tags: registryIds('tag', 'content/blog/tags.yml'),
    /** YYYY-MM-DD, when the file name does not give it. */
    date: publishedOn,
  }),
  page: frontMatter({ ...common, tags }),
  home: frontMatter({
    ...common,
    tags,
    /** The home page's banner. */
    hero: hero.optional(),
    /** The home page's cards. */
    cards: array(card, (key) => `front matter '${key}' must be a list of cards`).optional(),
  }),
};

type Kinds = typeof frontMatterSchemas;

/**
 * The front matter keys egdocs reads, typed and checked once in the content stage, named in camelCase whatever the
 * file wrote (`sidebar_label` is `sidebarLabel`). A page has the keys of its kind; unset keys are absent.
 */
export type FrontMatter = Flat<Output<Kinds['doc']> & Output<Kinds['blog']> & Output<Kinds['home']>>;
