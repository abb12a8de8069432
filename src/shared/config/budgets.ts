// `budgets` in the config: page-weight limits by page kind. Its messages name page kinds and limits as the docs
// write them ('budgets.doc.js'), so it is a check of our own rather than a generic record.
import { didYouMean } from '../model/suggest.ts';
import { PAGE_KINDS, type PageKind } from '../model/page-kinds.ts';
import { custom } from '../schema/combinators.ts';
import { INVALID, isRecord, keyOf, report } from '../schema/context.ts';

/** Limits for one page kind, in KB (1,024 bytes); a missing one is not checked. */
export interface Budget {
  /** JavaScript a first visit loads before the page is interactive (its scripts and preloaded chunks), gzip. */
  js?: number;
  /** Stylesheets of the page, gzip. */
  css?: number;
  /** The page's HTML file, as written (not compressed). */
  html?: number;
}

/** The page kinds a budget can name: every one but redirects, which are not pages. */
export type BudgetKind = Exclude<PageKind, 'redirect'>;

const KINDS = PAGE_KINDS.filter((kind): kind is BudgetKind => kind !== 'redirect');
const LIMITS = ['js', 'css', 'html'] as const;

/** Page-weight limits per page kind, checked by `egdocs check` (and reported by build). */
export const budgets = custom<Partial<Record<PageKind, Budget>>>((value, path, ctx) => {
  const at = (key: string) => ctx.at(key);
  if (!isRecord(value)) {
    report(
      ctx,
      `'${keyOf(path)}' must be an object of page kinds, like { doc: { js: 80, css: 12, html: 60 } }`,
      at(keyOf(path)),
    );
    return INVALID;
  }
  const problems = ctx.problems.length;
  const out: Partial<Record<PageKind, Budget>> = {};
  for (const [kind, limits] of Object.entries(value)) {
    const key = keyOf([...path, kind]);
    if (!(KINDS as string[]).includes(kind)) {
      const guess = didYouMean(kind, KINDS);
      report(
        ctx,
        `${key}: '${kind}' is not a page kind`,
        at(key),
        guess ? `did you mean '${guess}'?` : `use one of ${KINDS.join(', ')}`,
      );
      continue;
    }
    if (!isRecord(limits)) {
      report(ctx, `${key} must be an object like { js: 80, css: 12, html: 60 } (KB)`, at(key));
      continue;
    }
    const budget: Budget = {};
    for (const [limit, kb] of Object.entries(limits)) {
      if (!(LIMITS as readonly string[]).includes(limit)) {
        const guess = didYouMean(limit, LIMITS);
        report(
          ctx,
          `unknown key '${key}.${limit}'`,
          at(`${key}.${limit}`),
          guess ? `did you mean '${guess}'?` : `use ${LIMITS.join(', ')}`,
        );
      } else if (typeof kb !== 'number' || !(kb > 0)) {
        report(
          ctx,
          `${key}.${limit} must be a positive number of KB, got ${JSON.stringify(kb)}`,
          at(`${key}.${limit}`),
        );
      } else budget[limit as keyof Budget] = kb;
    }
    out[kind as BudgetKind] = budget;
  }
  return ctx.problems.length > problems ? INVALID : out;
});
