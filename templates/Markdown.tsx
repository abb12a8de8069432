// Rendered markdown. On the server it is the HTML string; on the client hydration does not diff
// dangerouslySetInnerHTML, so the body is shipped once, in the page's HTML.
export function Markdown({ html, className = 'markdown' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
