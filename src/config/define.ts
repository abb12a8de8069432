// What a site.config.ts may say. Everything is optional except what has no sensible default;
// config/validate.ts fills the rest and rejects what it does not know.
import type { Config, NavbarItem, SidebarItemConfig } from '../types.ts';

type DeepPartial<T> = T extends unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** The user-facing configuration: a partial Config without the derived fields. */
export type UserConfig = DeepPartial<Omit<Config, 'paths' | 'configFile' | 'docs' | 'navbar'>> & {
  title: string;
  url: string;
  /** Output folder relative to the config file (default 'build'). */
  outDir?: string;
  navbar?: DeepPartial<Omit<Config['navbar'], 'items'>> & { items?: NavbarItem[] };
  docs?: DeepPartial<Omit<Config['docs'], 'sidebars'>> & { sidebars?: Record<string, SidebarItemConfig[]> };
};

/** Types a site.config.ts default export; returns it unchanged. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
