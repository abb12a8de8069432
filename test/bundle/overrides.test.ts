// Template overrides: a project's templates/<Component>.tsx in place of egdocs' component, on the server and in the
// client bundle; and what a writer gets wrong (an override that does not compile, does not export its component,
// throws, or has a name egdocs does not know), each a diagnostic naming the override's own file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import { packageRoot } from '../../src/bundle/index.ts';
import { OVERRIDABLE } from '../../src/bundle/overrides.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { formatDiagnostic, diagnosticsOf } from '../../src/shared/model/diagnostics.ts';
import type { PageRegistry } from '../../templates/pages.ts';
import type { BuildResult } from '../../src/shared/model/types.ts';
import { contentFiles, fileText } from '../helpers.ts';
import { tempProject, type TempProject } from '../project.ts';

const test = suite('overrides: a project replaces and wraps egdocs components');

const content = contentFiles({
  'docs/intro.md': '---\ntags: [start]\n---\n# Intro\n\nHello.\n',
  'pages/index.md': '---\nlayout: home\ntitle: Mini\nhero:\n  tagline: A tagline\n---\n',
  'pages/about.md': '# About\n\nAbout us.\n',
  'blog/2025-01-02-first.md': '---\ntitle: First post\n---\nThe post.\n',
});
const user = {
  title: 'Mini',
  url: 'https://mini.dev',
  baseUrl: '/mini/',
  footer: { copyright: 'DEFAULT_COPYRIGHT' },
  docs: { sidebars: { docs: ['intro'] } },
};

/** The overrides a writer would write, type-checked with the tests (see override-files/). */
const override = (file: string) => readFile(path.join(import.meta.dirname, 'override-files', file), 'utf8');

async function build(project: TempProject): Promise<BuildResult> {
  const config = validateConfig(user, path.join(project.dir, 'site.config.ts'));
  return buildSiteFiles({ config, files: content });
}

/** The diagnostics a build failed with, as printed. */
async function failure(project: TempProject): Promise<string[]> {
  const error = await build(project).then(
    () => assert.unreachable('the build should fail'),
    (error: unknown) => error,
  );
  return (diagnosticsOf(error) ?? []).map(formatDiagnostic);
}

const jsFiles = (result: BuildResult) =>
  result.files
    .filter((file) => /^assets\/js\/.+\.js$/.test(file.path))
    .map((file) => ({ path: file.path, text: fileText(result, file.path) }));

test('a wrapping footer is on every kind of page, beside the default one, and in the client bundle', async () => {
  const project = await tempProject({
    'templates/Footer.tsx': await override('Footer.tsx'),
    // A lowercase name is the override's helper, not an override.
    'templates/note.ts': await override('note.ts'),
  });
  try {
    const result = await build(project);
    assert.equal(result.diagnostics.map(formatDiagnostic), []);
    const pages = result.site.routes.filter((route) => route.data.kind !== 'redirect');
    assert.ok(new Set(pages.map((route) => route.data.kind)).size >= 10, 'every kind of page is built');
    for (const route of pages) {
      const html = fileText(result, route.outFile);
      assert.match(
        html,
        /<p class="project-note">PROJECT_FOOTER_NOTE<\/p><footer class="footer">.*DEFAULT_COPYRIGHT/s,
        route.path,
      );
    }
    const [main] = jsFiles(result).filter((file) => file.path.startsWith('assets/js/main.'));
    assert.match(main.text, 'PROJECT_FOOTER_NOTE', 'the client renders the same footer when it hydrates');
    assert.match(main.text, 'footer-copyright', 'and the default footer it wraps');
  } finally {
    await project.remove();
  }
});

test('a page template override replaces its kind of page only, and loads with that page group', async () => {
  const project = await tempProject({
    'templates/HomePage.tsx': await override('HomePage.tsx'),
  });
  try {
    const result = await build(project);
    assert.match(fileText(result, 'index.html'), '<p>PROJECT_HOME <!-- -->A tagline</p>');
    assert.match(fileText(result, 'index.html'), '<h1 class="hero-title">');
    assert.not.match(fileText(result, 'about/index.html'), 'PROJECT_HOME');
    const holding = jsFiles(result).filter((file) => file.text.includes('PROJECT_HOME'));
    assert.equal(
      holding.map((file) => file.path.replace(/\.\w+\.js$/, '')),
      ['assets/js/SimplePages'],
      'only the chunk of its page group holds it',
    );
    // The doc page still preloads its own group's chunk, found under the module the plugin made for the group.
    assert.match(fileText(result, 'index.html'), /"\/mini\/assets\/js\/SimplePages\.\w+\.js"/);
  } finally {
    await project.remove();
  }
});

test('an override that does not compile is an error at its own file, line and column', async () => {
  const project = await tempProject({
    'templates/Footer.tsx': 'export function Footer() {\n  return <p>unclosed</p\n}\n',
  });
  try {
    assert.equal(await failure(project), ['templates/Footer.tsx:3:1  Expected ">" but found "}"']);
    await project.write('templates/Footer.tsx', "import { Gone } from './gone.ts';\nexport const Footer = Gone;\n");
    assert.equal(await failure(project), ['templates/Footer.tsx:1:22  Could not resolve "./gone.ts"']);
    await project.write(
      'templates/Footer.tsx',
      "import { Nope } from 'egdocs/templates/Fotter';\nexport const Footer = Nope;\n",
    );
    const [unknown] = await failure(project);
    assert.match(
      unknown,
      /^templates\/Footer\.tsx:1:22  'egdocs\/templates\/Fotter' is not a module of egdocs' templates/,
    );
    await project.write(
      'templates/Footer.tsx',
      "import { Footer as Default } from 'egdocs/templates';\nexport const Footer = Default;\n",
    );
    assert.equal(await failure(project), [
      "templates/Footer.tsx:1:35  'egdocs/templates' holds types only; import a component from its module, as in 'egdocs/templates/Footer', and its props with 'import type'",
    ]);
  } finally {
    await project.remove();
  }
});

test('an override that does not export its component by name says how to', async () => {
  const project = await tempProject({ 'templates/Footer.tsx': 'export function MyFooter() {\n  return null;\n}\n' });
  try {
    assert.equal(await failure(project), [
      "templates/Footer.tsx  templates/Footer.tsx does not export 'Footer'; an override exports its component by its name: export function Footer(props: FooterProps) { ... }",
    ]);
  } finally {
    await project.remove();
  }
});

test('an override that throws while rendering is an error at the line that threw', async () => {
  const project = await tempProject({
    'templates/Footer.tsx': "export function Footer() {\n  throw new Error('no footer today');\n}\n",
  });
  try {
    const [message] = await failure(project);
    assert.match(
      message,
      /^templates\/Footer\.tsx:2:\d+  template failed rendering \/mini\/\S+ and \d+ other pages: no footer today$/,
    );
  } finally {
    await project.remove();
  }
});

test('a component file whose name egdocs does not have is a warning with the closest name', async () => {
  const project = await tempProject({ 'templates/Foter.tsx': 'export function Foter() {\n  return null;\n}\n' });
  try {
    const result = await build(project);
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      "templates/Foter.tsx  templates/Foter.tsx overrides no component: egdocs has no template named 'Foter'; did you mean 'Footer'? (rename the file to templates/Footer.tsx)",
    ]);
    assert.not.match(fileText(result, 'docs/intro/index.html'), 'Foter');
  } finally {
    await project.remove();
  }
});

test('every overridable component is exported by the module it is said to be in, and pages by their kinds', async () => {
  for (const [name, { module, kinds }] of Object.entries(OVERRIDABLE)) {
    const exports = (await import(path.join(packageRoot, 'templates', `${module}.tsx`))) as Record<string, unknown>;
    assert.type(exports[name], 'function', `${module}.tsx exports ${name}`);
    for (const kind of kinds ?? []) {
      const pages = exports.pages as PageRegistry;
      assert.type(pages?.[kind], 'function', `${module}.tsx renders '${kind}' pages`);
    }
  }
});

test.run();
