// The model, the config, as its one schema infers it (see types.ts for the whole flow).

// Inferred from the config's one schema (shared/config/schema.ts), which also holds their defaults and checks.
export type {
  Budget,
  Config,
  ConfigLink,
  NavbarItem,
  SidebarCategoryConfig,
  SidebarItemConfig,
  UserConfig,
} from '../config/schema.ts';
