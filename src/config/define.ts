// What a site.config.ts may say: the type is inferred from the schema (shared/config/schema.ts), so everything is optional
// except what has no sensible default; config/validate.ts fills the rest and rejects what it does not know.
import type { UserConfig } from '../shared/config/schema.ts';

export type { UserConfig } from '../shared/config/schema.ts';

/** Types a site.config.ts default export; returns it unchanged. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

// The props of the components a project can override (its templates/ folder), for typing an override.
export type * from '../../templates/index.ts';
