import type { Chrome } from '../src/shared/model/types.ts';

/** The site's footer: its link row and copyright line, from the config's `footer`. */
export function Footer({ chrome }: { chrome: Chrome }) {
  // A config without footer links or a copyright line gets no footer, rather than an empty band.
  if (chrome.footer.links.length === 0 && !chrome.footer.copyright) return null;
  return (
    <footer className="footer">
      {chrome.footer.links.length > 0 ? (
        <nav className="footer-links" aria-label="Footer">
          {chrome.footer.links.map((link, i) => (
            <span key={link.href}>
              {i > 0 ? (
                <span className="footer-separator" aria-hidden="true">
                  {' · '}
                </span>
              ) : null}
              <a href={link.href}>{link.label}</a>
            </span>
          ))}
        </nav>
      ) : null}
      {chrome.footer.copyright ? <p className="footer-copyright">{chrome.footer.copyright}</p> : null}
    </footer>
  );
}
