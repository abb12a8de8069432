// Template overrides in a real browser: a project's footer (with state) and home page hydrate over the HTML the
// server rendered with them, without a mismatch, and the home page override comes with client navigation too.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { MemoryWriter } from '../../src/output/writer.ts';
import { listen, staticHandler } from '../../src/serve/static.ts';
import { mapSource } from '../../src/serve/sources.ts';
import { contentFiles } from '../helpers.ts';
import { tempProject } from '../project.ts';
import { CHROMIUM_ARGS, hydrated, open, problemsOf } from './browser.ts';

const test = suite('browser: template overrides');

const FOOTER = `import { useState } from 'react';
import type { FooterProps } from 'egdocs';
import { Footer as DefaultFooter } from 'egdocs/templates/Footer';

export function Footer(props: FooterProps) {
  const [count, setCount] = useState(0);
  return (
    <>
      <button type="button" className="project-counter" onClick={() => setCount(count + 1)}>
        Liked {count} times
      </button>
      <DefaultFooter {...props} />
    </>
  );
}
`;

const HOME = `import type { HomePageProps } from 'egdocs';
import { HomePage as DefaultHomePage } from 'egdocs/templates/SimplePages';

export function HomePage(props: HomePageProps) {
  return (
    <div className="project-home">
      <p className="project-banner">Project home: {props.data.hero.tagline}</p>
      <DefaultHomePage {...props} />
    </div>
  );
}
`;

test('overridden components hydrate without errors, keep their state working, and load on navigation', async () => {
  const project = await tempProject({ 'templates/Footer.tsx': FOOTER, 'templates/HomePage.tsx': HOME });
  const config = validateConfig(
    {
      title: 'Mini',
      url: 'https://mini.dev',
      baseUrl: '/mini/',
      navbar: { items: [{ type: 'link', label: 'Home', href: '/' }] },
      footer: { copyright: 'Mini footer' },
      // Without one, Chromium asks for /favicon.ico, and its 404 would be a console error.
      favicon: 'img/favicon.svg',
      docs: { sidebars: { docs: ['intro'] } },
    },
    path.join(project.dir, 'site.config.ts'),
  );
  const result = await buildSiteFiles({
    config,
    files: contentFiles({
      'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nHello.\n',
      'pages/index.md': '---\nlayout: home\ntitle: Mini\nhero:\n  tagline: A tagline\n---\n',
      'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    }),
  });
  const memory = new MemoryWriter();
  await memory.write(result.files);
  const { server } = await listen(staticHandler(mapSource(memory.files), config.baseUrl), '127.0.0.1', 0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mini/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    await open(page, `${base}docs/`);
    const counter = page.locator('.project-counter');
    await counter.click();
    await page.waitForFunction(() => document.querySelector('.project-counter')?.textContent === 'Liked 1 times');
    assert.is(await page.locator('footer .footer-copyright').textContent(), 'Mini footer');

    // Client navigation to the home page loads its group with the override in it.
    await page.click('.navbar a[href="/mini/"]');
    await page.waitForSelector('.project-banner');
    assert.is(await page.locator('.project-banner').textContent(), 'Project home: A tagline');

    // And a fresh load of it hydrates over the server's HTML of the same override.
    await open(page, base);
    await hydrated(page);
    assert.is(await page.locator('.project-banner').count(), 1);
    assert.equal(problems, []);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    await project.remove();
  }
});

test.run();
