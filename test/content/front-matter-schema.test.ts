// Front matter's one schema: the type later stages read is the one inferred from it (held by the type-checker: see
// Same and the @ts-expect-error lines), and the values its checks give have exactly that type's keys.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { frontMatterSchemas } from '../../src/shared/content/front-matter-schema.ts';
import { parseContent } from '../../src/content/parse.ts';
import { Diagnostics } from '../../src/shared/model/diagnostics.ts';
import type { Output } from '../../src/shared/schema/combinators.ts';
import type { FrontMatter, Source } from '../../src/shared/model/types.ts';
import { contentFiles } from '../helpers.ts';

const test = suite("front matter's type is inferred from its schema");

/** true when A and B are the same type (each fits the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Kind = keyof typeof frontMatterSchemas;
type Of<K extends Kind> = Output<(typeof frontMatterSchemas)[K]>;

/** Every key later stages may read: the type-checker refuses this object if a key is missing or not in the type. */
const KEYS: Record<keyof FrontMatter, true> = {
  title: true,
  description: true,
  image: true,
  slug: true,
  id: true,
  sidebarLabel: true,
  draft: true,
  layout: true,
  keywords: true,
  hideTableOfContents: true,
  tocMinHeadingLevel: true,
  tocMaxHeadingLevel: true,
  lastUpdate: true,
  tags: true,
  sidebarPosition: true,
  unlisted: true,
  compareVersions: true,
  paginationPrev: true,
  paginationNext: true,
  paginationLabel: true,
  authors: true,
  date: true,
  hero: true,
  cards: true,
};

test('sources carry the type the schemas give, each kind its own keys, named in camelCase', () => {
  const sources: Same<Source['frontMatter'], FrontMatter> = true;
  const keys: Same<keyof FrontMatter, keyof Of<'doc'> | keyof Of<'blog'> | keyof Of<'page'> | keyof Of<'home'>> = true;
  const doc: Same<Pick<FrontMatter, keyof Of<'doc'>>, Of<'doc'>> = true;
  const blog: Same<Pick<FrontMatter, keyof Of<'blog'>>, Of<'blog'>> = true;
  const home: Same<Pick<FrontMatter, keyof Of<'home'>>, Of<'home'>> = true;
  const position: Same<FrontMatter['sidebarPosition'], number | undefined> = true;
  const next: Same<FrontMatter['paginationNext'], string | null | undefined> = true;
  const lastUpdate: Same<FrontMatter['lastUpdate'], { date?: string; author?: string } | undefined> = true;
  const card: Same<NonNullable<FrontMatter['cards']>[number], { title: string; text: string; href: string }> = true;
  // @ts-expect-error later stages read `sidebarPosition`, not the key as written
  const written: FrontMatter['sidebar_position'] = 1;
  // @ts-expect-error a blog post's front matter has no doc's sidebar position
  const postPosition: Of<'blog'>['sidebarPosition'] = 1;
  assert.ok(
    sources && keys && doc && blog && home && position && next && lastUpdate && card && written && postPosition,
  );
});

test("what the checks give later stages has the type's keys, and nothing else", () => {
  const diagnostics = new Diagnostics();
  const common =
    'title: T\ndescription: D\nimage: i.png\nslug: s\nid: i\nsidebar_label: L\nlayout: x\nkeywords: k\nhide_table_of_contents: true\n' +
    'toc_min_heading_level: 2\ntoc_max_heading_level: 3\nlast_update: { date: 2026-01-31 }\ndraft: false\n';
  const { sources } = parseContent(
    contentFiles({
      'docs/a.md': `---\n${common}tags: t\nsidebar_position: 1\nunlisted: true\npagination_prev: null\npagination_next: a\npagination_label: P\ncompare_versions: false\nother: 1\n---\n`,
      'blog/2025-01-31-a.md': `---\n${common}authors: [ann]\ntags: [t]\ndate: 2025-01-31\nother: 1\n---\n`,
      'pages/index.md': `---\n${common.replace('layout: x', 'layout: home')}tags: t\nhero: { title: H }\ncards: []\n---\n`,
    }),
    diagnostics,
  );
  assert.equal(diagnostics.items, []);
  const read = new Set(sources.flatMap((source) => Object.keys(source.frontMatter)));
  assert.equal([...read].sort(), Object.keys(KEYS).sort());
});

test.run();
