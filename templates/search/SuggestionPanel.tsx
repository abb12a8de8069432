// The search box's panel under the field: the listbox of suggestions, the status a screen reader hears, and the link
// to the search page with every result.
import type { SearchBoxState } from './box.ts';
import { Excerpt } from './Excerpt.tsx';
import { optionId } from './keys.ts';

/** Mouse down on a control of the panel keeps focus in the field, so the panel stays open for the click. */
const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

export function SuggestionPanel({
  box,
  pageHref,
  version,
}: {
  box: SearchBoxState;
  pageHref: string;
  version?: string;
}) {
  const { listId, query, answer, hits, expanded, active } = box;
  return (
    <div className="search-panel" hidden={!expanded} data-query={answer?.query}>
      <ul id={listId} role="listbox" aria-label="Search suggestions" className="search-suggestions">
        {expanded
          ? hits.map((hit, i) => (
              // No link inside: an option is itself the control (a link in it would be a control nested in one).
              <li
                key={hit.url}
                id={optionId(listId, i)}
                role="option"
                aria-selected={i === active}
                className="search-suggestion"
                data-href={hit.url}
                onMouseEnter={() => box.setActive(i)}
                onMouseDown={keepFocus}
                onClick={() => box.follow(hit.url)}
              >
                {/* Where the page lives: four parts of the product have an "Installation" page. */}
                {hit.breadcrumb ? <span className="search-suggestion-where">{hit.breadcrumb}</span> : null}
                <span className="search-suggestion-title">
                  {hit.title}
                  {hit.heading ? <span className="search-suggestion-section"> › {hit.heading}</span> : null}
                </span>
                <Excerpt hit={hit} />
              </li>
            ))
          : null}
      </ul>
      {expanded ? (
        <p className="search-status" role="status">
          {answer && 'error' in answer ? (
            `Search is unavailable: ${answer.error}`
          ) : hits.length === 0 ? (
            'No results'
          ) : (
            <span className="visually-hidden">{`${hits.length} suggestion${hits.length === 1 ? '' : 's'}`}</span>
          )}
        </p>
      ) : null}
      {/* Also what Enter opens when no suggestion is active, even before the first answer has arrived. */}
      {query ? (
        <a
          ref={box.allResultsLink}
          className="search-all"
          href={`${pageHref}?q=${encodeURIComponent(query)}${globalThis.EGDOCS_VERSIONS !== false && version ? `&version=${encodeURIComponent(version)}` : ''}`}
          hidden={hits.length === 0}
          tabIndex={-1}
          onMouseDown={keepFocus}
          onClick={box.done}
        >
          See all results for “{query}”
        </a>
      ) : null}
    </div>
  );
}
