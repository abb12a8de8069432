// The one schema of site.config.ts: every key a config may write, its type and its default. The type of what a
// config may say (UserConfig, for defineConfig) and of the complete settings later stages see are inferred from it,
// and config/validate.ts checks a config against it. No node or DOM code here: templates import these types too.
import type { Location } from '../model/diagnostics.ts';
import { didYouMean } from '../model/suggest.ts';
import { budgets } from './budgets.ts';
import {
  array,
  boolean,
  type Complaint,
  type Input,
  number,
  object,
  oneOf,
  type Output,
  string,
  unchecked,
} from '../schema/combinators.ts';
import {
  basePathProblem,
  HTML_LINK_ATTRIBUTE,
  isLinkable,
  LINK_FORMS,
  SOCIAL_IMAGE_FORM,
  socialImageProblem,
} from '../url-checks.ts';
import { configLink, navbarItem } from './navbar.ts';
import { sidebars } from './sidebars.ts';
import { versions } from './versions.ts';
import { theme } from './theme.ts';

export type { Budget, BudgetKind } from './budgets.ts';
export type { ConfigLink, NavbarItem } from './navbar.ts';
export type { SidebarCategoryConfig, SidebarItemConfig } from './sidebars.ts';
export type { DocsVersion } from './versions.ts';

/** What is wrong with a docs.editUrl pattern, if anything: it must be an http(s) URL with `{path}` in it. */
function editUrlProblem(url: string, key: string): Complaint | undefined {
  const hint = "write it like 'https://github.com/owner/repo/edit/main/{path}'";
  if (!/^https?:\/\/[^/\s]+/.test(url))
    return { message: `${key} must be an http(s) URL, got '${url}'`, value: url, hint };
  if (!url.includes('{path}'))
    return { message: `${key} must contain {path}, where the doc's file path goes`, value: url, hint };
  return undefined;
}

/**
 * What is wrong with an entry of publishDotfiles, if anything: a path under content/static/ that names a dot file
 * or folder ('.well-known', 'docs/.htaccess'), and stays there.
 */
function dotfileProblem(name: string, key: string): Complaint | undefined {
  const parts = name.replace(/^\/+|\/+$/g, '').split('/');
  const hint = "name it by its path under content/static/, like '.well-known'";
  if (name.includes('\\') || parts.some((part) => part === '' || part === '.' || part === '..'))
    return { message: `${key} '${name}' must be a path under content/static/`, value: name, hint };
  if (!parts.some((part) => part.startsWith('.')))
    return {
      message: `${key} '${name}' names no dot file or folder, and every other file of content/static/ is published anyway`,
      value: name,
      hint,
    };
  return undefined;
}

/** What is wrong with the site's address, if anything: an http(s) URL, which canonical links and feeds start with. */
function siteUrlProblem(url: string, key: string): Complaint | undefined {
  if (/^https?:\/\/[^/\s"'<>\\?#]+(?:\/[^\s"'<>\\?#]*)?$/.test(url)) return undefined;
  return {
    message: `${key} must be an http(s) address, got '${url}'`,
    value: url,
    hint: "write where the site is deployed, like 'https://docs.example.com'",
  };
}

/** What is wrong with the base path, if anything (see basePathProblem). */
function baseUrlProblem(base: string, key: string): Complaint | undefined {
  const problem = basePathProblem(base);
  return problem
    ? { message: `${key} '${base}' is not a base path: ${problem}`, value: base, hint: BASE_HINT }
    : undefined;
}

/** A link in the announcement's HTML that a link may not be (javascript:, data:), if any. */
function announcementLinkProblem({ content }: { content: string }, key: string): Complaint | undefined {
  for (const match of content.matchAll(HTML_LINK_ATTRIBUTE)) {
    const href = match[3] ?? match[4];
    if (!isLinkable(href))
      return { message: `${key}.content links to '${href}', but a link must be ${LINK_FORMS}`, key: `${key}.content` };
  }
  return undefined;
}

/** A redirect whose target a link may not be (javascript:, data:). */
function redirectProblem({ to }: { to: string }, key: string): Complaint | undefined {
  return isLinkable(to)
    ? undefined
    : { message: `${key}.to must be ${LINK_FORMS}, got '${to}'`, key: `${key}.to`, value: to };
}

/** A version named as the current one, or a lastVersion that names no version. */
function versionNamesProblem(
  docs: { version: { name: string }; versions: { name: string }[]; lastVersion?: string },
  key: string,
): Complaint | undefined {
  const current = docs.version.name;
  const clash = docs.versions.findIndex((version) => version.name === current);
  if (clash >= 0)
    return {
      message: `${key}.versions[${clash}].name '${current}' is the current version's name (${key}.version.name)`,
      key: `${key}.versions[${clash}].name`,
      value: current,
      hint: 'name the older version after its release, like 2.1',
    };
  const names = [current, ...docs.versions.map((version) => version.name)];
  if (docs.lastVersion === undefined || names.includes(docs.lastVersion)) return undefined;
  const guess = didYouMean(docs.lastVersion, names);
  return {
    message: `${key}.lastVersion '${docs.lastVersion}' is not a version`,
    key: `${key}.lastVersion`,
    value: docs.lastVersion,
    hint: guess ? `did you mean '${guess}'?` : `use one of: ${names.join(', ')}`,
  };
}

/** A key no config can do without. */
const required = string({ empty: false }).expect({
  message: (key) => `${key} is required and must be a non-empty string`,
});

/** How a bad base path is put right. */
export const BASE_HINT = "write the path the site is served under, like '/docs/'";

export const configSchema = object({
  /** Site title, shown in the navbar and appended to every document title. */
  title: required,
  /** One-line description of the site, shown on the home page and used as the default meta description. */
  tagline: string().default(''),
  /** Origin the site is deployed to (for canonical URLs, sitemap, feeds); Config has it without a trailing slash. */
  url: required.refine(siteUrlProblem),
  /**
   * Path prefix of every route; Config has it starting and ending with '/' ('docs' -> '/docs/'). A URL path: letters,
   * digits, '-._~' and %-escapes between the slashes.
   */
  baseUrl: string().refine(baseUrlProblem).default('/'),
  /**
   * Dot files and folders of content/static/ to publish, by their path under it ('.well-known', '.nojekyll'). No
   * other file or folder whose name starts with a dot is read or published, anywhere under content/: .git, .env,
   * .DS_Store and editors' files are never part of a site.
   */
  publishDotfiles: array(string().refine(dotfileProblem)).default([]),
  /** Site favicon, relative to the static folder. */
  favicon: string().located().default(''),
  /**
   * The social card: the picture a link to the site shows when shared (og:image, twitter:image), relative to the static
   * folder or a URL; a page's front matter `image` replaces it. PNG or JPEG, about 1200 × 630: those sites read no SVG.
   */
  image: string({ empty: false })
    .refine((image, key) => {
      const problem = socialImageProblem(image);
      return problem ? { message: `${key} '${image}' ${problem}`, hint: `give ${SOCIAL_IMAGE_FORM}` } : undefined;
    })
    .located()
    .optional(),
  /**
   * Images of a page shown smaller than their natural size (screenshots, diagrams with small text) open at full size
   * in a dialog, from a click or the keyboard (src/client/image-zoom.ts). Off by default: a project without it, and a
   * page without images, loads not a byte of its code.
   */
  imageZoom: boolean().default(false),
  /** Site version (SPEC.md: 1.0.0), exposed in meta. */
  siteVersion: string().default('1.0.0'),
  /** Language of the site: one per site. */
  locale: object({
    default: string().default('en'),
    // Checked with `default` below: the one locale must be the default.
    locales: unchecked<string[]>().default(['en']),
    direction: oneOf('ltr', 'rtl').default('ltr'),
  }).refine((locale, key) =>
    Array.isArray(locale.locales) && locale.locales.length === 1 && locale.locales[0] === locale.default
      ? undefined
      : {
          message: `${key}.locales must be ['${locale.default}']: egdocs builds one language per site`,
          key: `${key}.locales`,
          hint: "build each translation as its own site (see the writer's guide on translation)",
        },
  ),
  /** Colour mode: default, and whether the reader may switch. */
  colorMode: object({
    defaultMode: oneOf('dark', 'light').default('dark'),
    disableSwitch: boolean().default(false),
    /**
     * Follow the reader's system setting (prefers-color-scheme) until they choose a mode with the switch; the
     * default mode is then only for browsers that do not say. Off by default: SPEC.md fixes a dark default.
     */
    respectPrefersColorScheme: boolean().default(false),
  }),
  /** The accent colour of each colour mode, and the project's own stylesheets (shared/config/theme.ts). */
  theme: theme.default({ stylesheets: [] }),
  /** Navbar title, logo and items; without items, the navbar shows the docs, the blog, search and the mode switch. */
  navbar: object({
    title: string().default(''),
    logo: object({ alt: string(), src: string().located() }).optional(),
    hideOnScroll: boolean().default(false),
    items: array(navbarItem, (key) => `'${key}' must be a list of navbar items`).optional(),
  }),
  /** Footer links (joined by a middle dot) and copyright line; an empty footer is not drawn. */
  footer: object({
    links: array(configLink).default([]),
    copyright: string().default(''),
  }),
  /** Optional announcement bar over the navbar. */
  announcementBar: object({
    id: string(),
    /** HTML; its links' site paths are placed under the base path. */
    content: string().located('key'),
    closeable: boolean().default(true),
  })
    .expect({ message: (key) => `${key} must be { id, content, closeable? }` })
    .refine(announcementLinkProblem)
    .optional(),
  /** Docs plugin options. */
  docs: object({
    /** URL segment under baseUrl for docs, without slashes ('docs'). */
    routeBasePath: string().default('docs'),
    /**
     * Sidebars by id, as ordered lists of entries: doc ids, links, categories, and `{ type: 'autogenerated',
     * dirName }` for a folder's docs (by `sidebar_position`, then file name). Without any, one is made of the docs
     * (config/autogenerated.ts). A doc in no sidebar is a warning unless its front matter says `unlisted: true`.
     */
    sidebars: sidebars.default({}),
    sidebarCollapsible: boolean().default(true),
    sidebarCollapsed: boolean().default(true),
    breadcrumbs: boolean().default(true),
    /**
     * Where a doc's "Edit this page" link leads: a URL with `{path}`, which becomes the doc's file from the project
     * root ('https://github.com/owner/repo/edit/main/{path}'). No link without it.
     */
    editUrl: string().refine(editUrlProblem).optional(),
    /** Show "Last updated on <date>" under each doc: the date of the newest commit of its file (git). */
    showLastUpdateTime: boolean().located().default(false),
    /** Show "by <author>" with it: the author of that commit. */
    showLastUpdateAuthor: boolean().located().default(false),
    /** Heading levels shown in the table of contents. */
    toc: object({ minHeadingLevel: number().default(2), maxHeadingLevel: number().default(3) }),
    /** The current version of the docs (content/docs/, at the docs route base): its name, label and main doc. */
    version: object({
      name: string().default('current'),
      label: string().default('Next'),
      mainDocId: string().default('intro'),
    }),
    /**
     * Older versions of the docs, each in content/versioned/<name>/ (its docs/ and sidebars.json, made by `egdocs
     * docs:version <name>`) and served under the docs route base at its path ('/docs/2.1/…').
     */
    versions: versions.default([]),
    /** The name of the latest version: the current one's unless it names one of `versions`. */
    lastVersion: string().optional(),
  }).refine(versionNamesProblem),
  /** Blog plugin options. */
  blog: object({
    routeBasePath: string().default('blog'),
    title: string().default('Blog'),
    description: string().default('Blog'),
    showReadingTime: boolean().default(true),
    postsPerPage: number().default(10),
    /** Words per minute for the reading time. */
    wordsPerMinute: number().default(200),
  }),
  /** Search constants, read by the search UI and worker. */
  search: object({
    maxSuggestions: number().default(8),
    excerptLength: number().default(50),
    shortcut: boolean().default(true),
    hint: boolean().default(true),
    clearButton: boolean().default(true),
    highlightTerms: boolean().default(false),
    bm25: object({ b: number().default(0.75), k1: number().default(1.2) }),
  }),
  /** Client behaviour constants. */
  client: object({
    progressBar: object({
      startDelay: number().default(200),
      minimum: number().default(0.08),
      speed: number().default(200),
      trickleRate: number().default(0.02),
      trickleSpeed: number().default(800),
    }),
    lazySpinnerDelay: number().default(200),
    storage: object({ type: oneOf('localStorage').default('localStorage'), keySuffix: string().default('') }),
    desktopBreakpoint: number().default(996),
  }),
  /** Old paths that lead to a route: written as small redirect pages. */
  redirects: array(
    object({ from: string(), to: string().located() })
      .expect({
        message: (key) => `${key} must be { from, to } paths`,
        at: () => ['redirects'],
      })
      .refine(redirectProblem),
  ).default([]),
  /** Page-weight limits per page kind, checked by `egdocs check` (and reported by build); none by default. */
  budgets: budgets.default({}),
  /** Output folder relative to the config file; `-o` overrides it. */
  outDir: string()
    .expect({ message: (key) => `'${key}' must be a string` })
    .default('build'),
});

/** What a site.config.ts may say: a title and a url, and any of the rest. */
export type UserConfig = Input<typeof configSchema>;

/** The resolved site configuration: every field present, derived fields filled in. Only config/validate.ts makes it. */
export interface Config extends Omit<Output<typeof configSchema>, 'outDir'> {
  /** Absolute folders: the project root (where site.config.ts is; content/ is inside it) and the output folder. */
  paths: { root: string; outDir: string };
  /** The config file, relative to the project root, for messages. */
  configFile: string;
  /**
   * Where the values later stages point at are written (links, doc ids in sidebars, the favicon), by key path
   * ('footer.links[1].href'), so that a dead link is reported at its line; the file alone when its text is unknown.
   */
  locations: Record<string, Location>;
  /**
   * URL paths of the docs versions a build leaves out (`egdocs serve --current-version-only`): links into them are
   * not checked, since their pages exist in the site though not in this build.
   */
  leftOutPaths?: string[];
}
