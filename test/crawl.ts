// A crawler over a built site on disk, as a reader's browser would follow it: every href and src of every HTML page,
// (and script its loader adds), resolved against the page's URL, must lead to a file of the build. What it returns are the dead ones.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { scriptsOf } from '../src/render/document.ts';

/** Each link (href or src) of each page that leads to no file under `dir`, as 'page -> link'. External URLs are skipped. */
export async function deadLinks(dir: string, baseUrl: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const pages = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  const dead: string[] = [];
  for (const page of pages.sort()) {
    const html = await readFile(path.join(dir, page), 'utf8');
    const pageUrl = new URL(`${baseUrl}${page.split(path.sep).join('/')}`, 'http://site.test');
    // The scripts a page's loader adds after the first paint are links too.
    const { scripts, preload } = scriptsOf(html);
    const values = [...[...html.matchAll(/\s(href|src)="([^"]*)"/g)].map((match) => match[2]), ...scripts, ...preload];
    for (const value of values) {
      if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(value) && !value.startsWith('http://site.test')) continue;
      const url = new URL(value.replace(/&amp;/g, '&'), pageUrl);
      if (!(await resolves(dir, baseUrl, url.pathname))) dead.push(`${page} -> ${value}`);
    }
  }
  return dead;
}

/** Whether a URL path names a file of the build, as a static host answers it (a folder's index.html). */
async function resolves(dir: string, baseUrl: string, urlPath: string): Promise<boolean> {
  if (!urlPath.startsWith(baseUrl)) return false;
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath.slice(baseUrl.length));
  } catch {
    return false;
  }
  const file = path.join(dir, rel.endsWith('/') || rel === '' ? `${rel}index.html` : rel);
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}
