import { useEffect, useState } from 'react';
import type { Chrome } from '../src/shared/model/types.ts';
import { storageKey, writeSetting } from './storage.ts';

type Mode = 'dark' | 'light';

/** The colour-mode switch. The inline script in <head> already applied the stored mode before first paint. */
export function ColorModeToggle({ chrome }: { chrome: Chrome }) {
  const [mode, setMode] = useState<Mode>(chrome.colorMode.defaultMode);
  useEffect(() => {
    setMode(document.documentElement.dataset.theme === 'light' ? 'light' : 'dark');
    // Another tab switched (or cleared) the mode: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKey('theme', chrome) && event.key !== null) return;
      const next: Mode =
        event.newValue === 'light' || event.newValue === 'dark' ? event.newValue : chrome.colorMode.defaultMode;
      document.documentElement.dataset.theme = next;
      setMode(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [chrome]);
  if (chrome.colorMode.disableSwitch) return null;
  const other: Mode = mode === 'dark' ? 'light' : 'dark';
  const toggle = () => {
    document.documentElement.dataset.theme = other;
    writeSetting('theme', chrome, other);
    setMode(other);
  };
  return (
    <button
      type="button"
      className="icon-button color-mode-toggle"
      onClick={toggle}
      title={`Switch to ${other} mode`}
      aria-label={`Switch between dark and light mode (currently ${mode} mode)`}
    >
      <svg className="icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
      </svg>
      <svg className="icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1Z" />
      </svg>
    </button>
  );
}
