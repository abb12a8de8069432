// The layers of the code, and the order of the pipeline, as imports. The compiler keeps the layers apart: each is a
// TypeScript project that may import only from the projects it references (see tsconfig.json). This test pins those
// references to the rule, and holds what the compiler cannot: no import circles, and no import back up the order
// inside a layer, so that a reader can take the modules from the bottom up and a stage can be tested without the
// ones after it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { circles, importGraph } from './import-graph.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The layers, each a project: a module belongs to the one whose tsconfig includes it. */
const PROJECTS = {
  shared: 'src/shared/tsconfig.json',
  templates: 'templates/tsconfig.json',
  client: 'src/client/tsconfig.json',
  node: 'src/tsconfig.json',
};
type Layer = keyof typeof PROJECTS;

/** Which layers each layer may import: the server renders the templates and the client hydrates them. */
const MAY_IMPORT: Record<Layer, Layer[]> = {
  node: ['node', 'templates', 'shared'],
  client: ['client', 'templates', 'shared'],
  templates: ['templates', 'shared'],
  shared: ['shared'],
};

/**
 * Inside a layer, from the top down: a module may import its own level and the ones below it. In node code the
 * stages are in the order src/build.ts runs them, the last first: a stage reads what earlier stages made, never a
 * later stage. The schemas of the config and of front matter are in the shared layer because the model's Config and
 * FrontMatter types are made from them.
 */
const LEVELS: Partial<Record<Layer, string[][]>> = {
  node: [
    ['src/cli/'],
    ['src/serve/'],
    ['src/build.ts'],
    ['src/build/'],
    ['src/output/'],
    ['src/check/'],
    ['src/render/'],
    ['src/search/'],
    ['src/bundle/'],
    ['src/site/'],
    ['src/markdown/'],
    ['src/content/'],
    ['src/config/'],
    // What any stage may use: threads (starting a worker, sharing work with it, writing files ahead of the write
    // step), what a build wrote and keeps for the next (incremental/), and the platform: egdocs' version, hashes,
    // esbuild, and where a long loop may stop.
    ['src/threads/'],
    ['src/incremental/'],
    ['src/platform/'],
  ],
  shared: [['src/shared/']],
};

/** A project's tsconfig as TypeScript reads it: its files (absolute) and its references. */
const parse = (config: string) =>
  ts.getParsedCommandLineOfConfigFile(path.join(root, config), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  })!;

const layersOf = new Map<string, Layer[]>();
for (const [layer, config] of Object.entries(PROJECTS) as [Layer, string][])
  for (const file of parse(config).fileNames) {
    const module = path.relative(root, file).split(path.sep).join('/');
    layersOf.set(module, [...(layersOf.get(module) ?? []), layer]);
  }

/** The level of a module in its layer's order (-1 when it has none), and the entry of LEVELS that placed it. */
function levelOf(layer: Layer, module: string): [number, string] {
  const levels = LEVELS[layer] ?? [];
  for (const [index, level] of levels.entries()) {
    const place = level.find((place) => module === place || module.startsWith(place));
    if (place) return [index, place];
  }
  return [-1, module];
}

/** Why importing `target` from `module` runs back up, or undefined when it goes down or stays level. */
function backUp(module: string, target: string): string | undefined {
  const from = layersOf.get(module)?.[0];
  const to = layersOf.get(target)?.[0];
  if (!from || !to) return undefined;
  if (!MAY_IMPORT[from].includes(to)) return `${from} code imports ${to} code`;
  if (from !== to || !LEVELS[from]) return undefined;
  const [[above, importer], [below, imported]] = [levelOf(from, module), levelOf(from, target)];
  if (above < 0 || below < 0 || below >= above) return undefined;
  return `${importer} imports ${imported}, which sits above it`;
}

const graph = importGraph(root);

const test = suite('layers: every import goes down, and none goes round');

test('every module of src/ and templates/ belongs to one layer', () => {
  const misplaced = [...graph.keys()]
    .filter((module) => layersOf.get(module)?.length !== 1)
    .map((module) => `${module}: ${layersOf.get(module)?.join(', ') || 'no layer'}`);
  assert.equal(misplaced, [], 'list each file in one project (tsconfig.json names them)');
});

test("each layer's project references exactly the layers it may import", () => {
  const projectOf = new Map(Object.entries(PROJECTS).map(([layer, config]) => [path.join(root, config), layer]));
  for (const [layer, config] of Object.entries(PROJECTS) as [Layer, string][]) {
    const references = (parse(config).projectReferences ?? []).map(({ path: to }) =>
      projectOf.get(to.endsWith('.json') ? to : path.join(to, 'tsconfig.json')),
    );
    assert.equal(references.sort(), MAY_IMPORT[layer].filter((other) => other !== layer).sort(), config);
  }
});

test('the code of src/ and templates/ holds no import circle', () => {
  assert.equal(
    circles(graph).map((circle) => circle.join(' <-> ')),
    [],
  );
});

test('no import runs back up a layer or the order inside one', () => {
  const found = [...graph].flatMap(([module, targets]) =>
    targets.flatMap((target) => {
      const why = backUp(module, target);
      return why ? [`${module} -> ${target}: ${why}`] : [];
    }),
  );
  assert.equal(found, []);
});

test('every module of an ordered layer has a place in its order', () => {
  const placeless = [...graph.keys()].filter((module) => {
    const layer = layersOf.get(module)?.[0];
    return layer && LEVELS[layer] && levelOf(layer, module)[0] < 0;
  });
  assert.equal(placeless, [], 'add them to LEVELS');
});

test('the rules name what runs back up', () => {
  assert.is(
    backUp('src/markdown/plugins/links.ts', 'src/site/index.ts'),
    'src/markdown/ imports src/site/, which sits above it',
  );
  assert.is(backUp('src/serve/dev.ts', 'src/cli/report.ts'), 'src/serve/ imports src/cli/, which sits above it');
  assert.is(
    backUp('src/incremental/build-store.ts', 'src/threads/worker-thread.ts'),
    'src/incremental/ imports src/threads/, which sits above it',
  );
  assert.is(backUp('templates/SearchBox.tsx', 'src/client/search/client.ts'), 'templates code imports client code');
  assert.is(backUp('src/search/in-memory.ts', 'src/client/search/worker.ts'), 'node code imports client code');
  assert.is(backUp('src/shared/urls.ts', 'src/platform/hash.ts'), 'shared code imports node code');
  assert.is(backUp('src/shared/model/types.ts', 'src/shared/urls.ts'), undefined);
  assert.is(backUp('src/render/index.ts', 'templates/server.ts'), undefined);
  assert.is(backUp('src/check/links.ts', 'src/site/index.ts'), undefined);
});

test.run();
