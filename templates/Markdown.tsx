// Rendered markdown. On the server it is the HTML string; on the client hydration does not diff
// dangerouslySetInnerHTML, so the body is shipped once, in the page's HTML.
import { useContext, useLayoutEffect, useRef, useState } from 'react';
import { ClientContext } from './ClientContext.ts';

const NO_PATCH = () => undefined;

export function Markdown({ html, className = 'markdown' }: { html: string; className?: string }) {
  const element = useRef<HTMLDivElement>(null);
  const { livePatch = NO_PATCH } = useContext(ClientContext);
  // React sets the markup the element was first rendered with; new markup for it (a navigation that keeps the
  // element, a save in `egdocs serve`) is set before the frame is drawn, by serve's patch when there is one.
  const [first] = useState(html);
  // The markup the element shows, and the one it was made from: the same, but for a page hydrated without its
  // markup (the page's HTML carries it, once), whose markup serve's patch reads from the page before the reader
  // opens anything in it, to compare the first save with.
  const shown = useRef(html);
  const markup = useRef(html);
  useLayoutEffect(() => {
    if (markup.current === '' && element.current && livePatch()) markup.current = element.current.innerHTML;
  }, [livePatch]);
  useLayoutEffect(() => {
    if (shown.current === html || !element.current) return;
    const was = markup.current;
    shown.current = markup.current = html;
    const patch = livePatch();
    if (patch) patch(element.current, was, html);
    else element.current.innerHTML = html;
  }, [html, livePatch]);
  return <div ref={element} className={className} dangerouslySetInnerHTML={{ __html: first }} />;
}
