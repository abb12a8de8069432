// One doc rendered by the markdown stage alone, for tests of what a plugin makes of a body: the page and what the
// stage reported, each diagnostic as `egdocs build` prints it (without its severity).
import { parseContent } from '../../src/content/parse.ts';
import { routeContent } from '../../src/content/routes.ts';
import { Diagnostics, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { createMarkdown } from '../../src/markdown/index.ts';
import { CodeHighlighter } from '../../src/markdown/plugins/highlight.ts';
import type { Page } from '../../src/shared/model/types.ts';
import { contentFiles, testConfig } from '../helpers.ts';

// One highlighter for every page here, as serve keeps one: Shiki warns when a process opens ten.
const highlighter = new CodeHighlighter();

/** Renders `body` as content/docs/page.md, beside the `extra` files (paths under content/). */
export async function renderPage(
  body: string,
  extra: Record<string, string> = {},
): Promise<{ page: Page; warnings: string[]; errors: string[] }> {
  const config = testConfig();
  const diagnostics = new Diagnostics();
  const content = routeContent(parseContent(contentFiles({ 'docs/page.md': body, ...extra }), diagnostics), config);
  const md = await createMarkdown({ config, content, diagnostics, speed: { highlighter } });
  const page = await md.render(content.sources.find((s) => s.file === 'content/docs/page.md')!);
  return {
    page,
    warnings: diagnostics.warnings.map(formatDiagnostic),
    errors: diagnostics.errors.map(formatDiagnostic),
  };
}
