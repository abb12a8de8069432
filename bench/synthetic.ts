// Synthetic content for benchmarks: `count` doc pages in sections of 50, each with headings, prose, a table,
// code blocks in a few languages, admonitions and links to neighbours, plus a config whose sidebar lists them all.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const WORDS =
  'install configure server panel database firebase payment gateway notification delivery seller customer order product category store setting upload domain certificate key token webhook queue cache release build'.split(
    ' ',
  );

function sentence(seed: number, length = 14): string {
  const words = Array.from({ length }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]);
  return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
}

function page(i: number, count: number): string {
  const next = (i + 1) % count;
  const nextSection = Math.floor(next / 50);
  return `---
title: Page ${i} ${WORDS[i % WORDS.length]}
description: ${sentence(i, 10)}
tags: [${WORDS[i % 7]}, ${WORDS[(i + 3) % 11]}]
---

${sentence(i)} ${sentence(i + 1)} See [the next page](../s${nextSection}/p${next}.md#setup) for more.

## Setup

${sentence(i + 2)} ${sentence(i + 3)}

\`\`\`bash title="Terminal"
composer install --no-dev
php artisan migrate --seed
\`\`\`

### Settings

| Field | What it does | Example |
| --- | --- | --- |
| **App Name** | ${sentence(i + 4, 6)} | \`eGrocer\` |
| **Support Email** | ${sentence(i + 5, 6)} | \`help@example.com\` |

:::tip
${sentence(i + 6)}
:::

## Configure

${sentence(i + 7)} ${sentence(i + 8)} ${sentence(i + 9)}

\`\`\`ini title=".env" {2}
APP_URL=https://example.com
DB_DATABASE=egrocer
\`\`\`

### Check that it worked

${sentence(i + 10)} Back to [setup](#setup).

## Troubleshooting

- ${sentence(i + 11, 8)}
- ${sentence(i + 12, 8)}
`;
}

/** Writes a project with `count` pages into `dir`. */
export async function writeSyntheticSite(dir: string, count: number): Promise<void> {
  const sections = Math.ceil(count / 50);
  for (let s = 0; s < sections; s++) await mkdir(path.join(dir, 'content/docs', `s${s}`), { recursive: true });
  for (let i = 0; i < count; i += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, count - i) }, (_, k) =>
        writeFile(path.join(dir, 'content/docs', `s${Math.floor((i + k) / 50)}`, `p${i + k}.md`), page(i + k, count)),
      ),
    );
  }
  // Like a real product's docs: top-level parts of up to 1,000 pages, each split into categories of 50.
  const category = (s: number) => ({
    type: 'category',
    label: `Section ${s}`,
    items: Array.from({ length: Math.min(50, count - s * 50) }, (_, k) => `s${s}/p${s * 50 + k}`),
  });
  const sidebar = Array.from({ length: Math.ceil(sections / 20) }, (_, part) => ({
    type: 'category',
    label: `Part ${part}`,
    items: Array.from({ length: Math.min(20, sections - part * 20) }, (_, k) => category(part * 20 + k)),
  }));
  await writeFile(
    path.join(dir, 'site.config.ts'),
    `export default ${JSON.stringify({
      title: 'Synthetic',
      url: 'https://example.com',
      baseUrl: '/bench/',
      navbar: {
        items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }, { type: 'search' }, { type: 'colorMode' }],
      },
      docs: { sidebars: { docs: sidebar } },
    })};\n`,
  );
}
