// Writes the declarations a project's site.config.ts type-checks against (`import { defineConfig } from 'egdocs'`)
// into dist/types/, before `npm pack` (the prepack script): defineConfig, UserConfig and the schema they come from.
// TypeScript is a dev dependency, so this runs here and the package ships the result.
import ts from 'typescript';

const options = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  // The props of the templates a project can override come with them (config/define.ts): JSX and the DOM types.
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  types: ['node'],
  strict: true,
  declaration: true,
  emitDeclarationOnly: true,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  rootDir: '.',
  outDir: 'dist/types',
};
const program = ts.createProgram(['src/config/define.ts'], options);
const { diagnostics } = program.emit();
const problems = [...ts.getPreEmitDiagnostics(program), ...diagnostics];
if (problems.length > 0) {
  const host = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: ts.sys.getCurrentDirectory,
    getNewLine: () => '\n',
  };
  console.error(ts.formatDiagnostics(problems, host));
  process.exit(1);
}
