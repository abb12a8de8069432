import type { TocItem } from '../src/types.ts';

/** "On this page": same-page links to the headings in the configured levels, nested by level. */
export function Toc({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  const top = Math.min(...items.map((item) => item.level));
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <ul>
        {items.map((item) => (
          <li key={item.id} className={`toc-item toc-depth-${item.level - top}`}>
            <a href={`#${item.id}`}>{item.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
