import type { ReactNode } from 'react';
import { useState } from 'react';
import type { Chrome, SidebarItem } from '../src/shared/model/types.ts';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { writeSetting } from './storage.ts';

/**
 * Announcement bar; the dismissal is stored per bar id, so a new bar shows again. The inline head script hides a
 * dismissed bar before paint.
 */
function AnnouncementBar({ chrome }: { chrome: Chrome }) {
  const bar = chrome.announcementBar;
  const [closed, setClosed] = useState(false);
  if (!bar || closed) return null;
  const close = () => {
    writeSetting('announcement-dismissed', chrome, bar.id);
    document.documentElement.dataset.announcementDismissed = 'true';
    setClosed(true);
  };
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement">
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.closeable ? (
        <button
          type="button"
          className="icon-button announcement-close"
          aria-label="Close announcement"
          onClick={close}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

/** Every page: skip link, announcement, navbar, the page, footer. */
export function Layout({
  chrome,
  path,
  sidebar,
  sidebarId,
  children,
}: {
  chrome: Chrome;
  path: string;
  sidebar?: SidebarItem[];
  sidebarId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <AnnouncementBar chrome={chrome} />
      <Navbar chrome={chrome} path={path} sidebar={sidebar} sidebarId={sidebarId} />
      <div className="page-body">{children}</div>
      <Footer chrome={chrome} />
    </>
  );
}
