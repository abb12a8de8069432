import type { SearchHit } from '../../src/shared/search/engine.ts';

/** A hit's excerpt with the matched terms marked. Page text is rendered as React text, never as HTML. */
export function Excerpt({ hit }: { hit: SearchHit }) {
  return (
    <span className="search-excerpt">
      {hit.excerpt.map((segment, i) =>
        segment.match ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>,
      )}
    </span>
  );
}
