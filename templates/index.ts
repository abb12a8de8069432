// 'egdocs/templates': the props of every component a project can override (src/bundle/overrides.ts lists them), for
// typing an override in the project's templates/ folder. Types only: the components themselves are imported from
// their module, 'egdocs/templates/<Module>', so an override brings in no template it does not use.
import type { ComponentProps } from 'react';
import type { ArticleWithToc } from './ArticleWithToc.tsx';
import type {
  BlogArchive,
  BlogAuthor,
  BlogAuthors,
  BlogList,
  BlogPost,
  BlogTag,
  DocsTag,
  TagsList,
} from './BlogPages.tsx';
import type { ColorModeToggle } from './ColorModeToggle.tsx';
import type { DocPage } from './DocPage.tsx';
import type { Footer } from './Footer.tsx';
import type { Layout } from './Layout.tsx';
import type { Navbar } from './Navbar.tsx';
import type { NavbarDropdown } from './NavbarDropdown.tsx';
import type { SearchBox } from './SearchBox.tsx';
import type { Sidebar } from './Sidebar.tsx';
import type { ChangesPage, HomePage, MarkdownPage, NotFoundPage, SearchPage } from './SimplePages.tsx';
import type { Toc, TocCollapsible } from './Toc.tsx';

export type { PageProps } from '../src/shared/model/types.ts';

/** Layout parts, swapped wherever a template uses them. */
export type LayoutProps = ComponentProps<typeof Layout>;
export type NavbarProps = ComponentProps<typeof Navbar>;
export type NavbarDropdownProps = ComponentProps<typeof NavbarDropdown>;
export type ColorModeToggleProps = ComponentProps<typeof ColorModeToggle>;
export type SearchBoxProps = ComponentProps<typeof SearchBox>;
export type FooterProps = ComponentProps<typeof Footer>;
export type SidebarProps = ComponentProps<typeof Sidebar>;
export type ArticleWithTocProps = ComponentProps<typeof ArticleWithToc>;
export type TocProps = ComponentProps<typeof Toc>;
export type TocCollapsibleProps = ComponentProps<typeof TocCollapsible>;

/** Page templates: the page's props, with `data` narrowed to its kind of route. */
export type DocPageProps = ComponentProps<typeof DocPage>;
export type HomePageProps = ComponentProps<typeof HomePage>;
export type MarkdownPageProps = ComponentProps<typeof MarkdownPage>;
export type ChangesPageProps = ComponentProps<typeof ChangesPage>;
export type SearchPageProps = ComponentProps<typeof SearchPage>;
export type NotFoundPageProps = ComponentProps<typeof NotFoundPage>;
export type BlogListProps = ComponentProps<typeof BlogList>;
export type BlogPostProps = ComponentProps<typeof BlogPost>;
export type BlogArchiveProps = ComponentProps<typeof BlogArchive>;
export type BlogAuthorsProps = ComponentProps<typeof BlogAuthors>;
export type BlogAuthorProps = ComponentProps<typeof BlogAuthor>;
export type TagsListProps = ComponentProps<typeof TagsList>;
export type BlogTagProps = ComponentProps<typeof BlogTag>;
export type DocsTagProps = ComponentProps<typeof DocsTag>;

/** Every overridable component's props by its name: the names src/bundle/overrides.ts accepts, no more, no fewer. */
export interface OverridableProps {
  Layout: LayoutProps;
  Navbar: NavbarProps;
  NavbarDropdown: NavbarDropdownProps;
  ColorModeToggle: ColorModeToggleProps;
  SearchBox: SearchBoxProps;
  Footer: FooterProps;
  Sidebar: SidebarProps;
  ArticleWithToc: ArticleWithTocProps;
  Toc: TocProps;
  TocCollapsible: TocCollapsibleProps;
  DocPage: DocPageProps;
  HomePage: HomePageProps;
  MarkdownPage: MarkdownPageProps;
  ChangesPage: ChangesPageProps;
  SearchPage: SearchPageProps;
  NotFoundPage: NotFoundPageProps;
  BlogList: BlogListProps;
  BlogPost: BlogPostProps;
  BlogArchive: BlogArchiveProps;
  BlogAuthors: BlogAuthorsProps;
  BlogAuthor: BlogAuthorProps;
  TagsList: TagsListProps;
  BlogTag: BlogTagProps;
  DocsTag: DocsTagProps;
}
