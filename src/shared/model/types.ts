// The one model that flows through the pipeline:
// UserConfig -> Config -> Source[] -> Page[] -> Site -> OutputFile[] -> Writer.
// Templates and the client import their shapes from here, so a field documented here means the same everywhere.
// Each stage's part of it is a module of its own in this folder; this one gathers them.

export type { Diagnostic, Location } from './diagnostics.ts';
export type * from './config.ts';
export type * from './content.ts';
export type * from './page.ts';
export type * from './site.ts';
export type * from './search.ts';
export type * from './output.ts';
export type * from './props.ts';
