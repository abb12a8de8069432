// The GitHub Actions workflow of a project: check every pull request (annotations on its lines), build and publish
// main on GitHub Pages. `egdocs init` writes it into a new project; this repository's own copy
// (.github/workflows/docs.yml) is this text for its config, which a test keeps so.

/** Where the workflow goes, from the project's folder (which is the repository's root). */
export const WORKFLOW_FILE = '.github/workflows/docs.yml';

/** The Node.js major version CI runs: the oldest egdocs supports (package.json `engines`). */
export const CI_NODE_VERSION = 20;

/** What the workflow depends on: the base path the config gives (`baseUrl`), which Pages must serve the site under. */
export interface WorkflowOptions {
  baseUrl: string;
}

/**
 * The workflow's text. The base path is not written into any command (the build reads it from the config, so the two
 * cannot drift apart); it is named in the comments, and the deploy stops, with the fix, when GitHub Pages would serve
 * the site under another path than the one it was built for.
 */
export function pagesWorkflow({ baseUrl }: WorkflowOptions): string {
  const where =
    baseUrl === '/'
      ? `at the root of its host, as site.config.ts
# has no baseUrl: a user or organisation site (<owner>.github.io) or a custom domain. GitHub Pages serves a project
# site under /<repository>/: set baseUrl to that path for one.`
      : `under ${baseUrl}, the baseUrl
# of site.config.ts (GitHub Pages serves a project site under /<repository>/, a custom domain at its root).`;
  return `# Pull requests: build the site and mark each broken link, anchor or image on its line in the pull request.
# Pushes to main: build the site and publish it on GitHub Pages ${where}
# Enable Pages first: Settings → Pages → Source: GitHub Actions.
name: Docs

on:
  pull_request:
  push:
    branches: [main]
  workflow_dispatch:

# Jobs read the repository and nothing else, unless they say otherwise below.
permissions:
  contents: read

jobs:
  check:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    # A newer push to the same pull request cancels the check still running for the last one.
    concurrency:
      group: docs-check-\${{ github.ref }}
      cancel-in-progress: true
    steps:
${SETUP_STEPS}
      - run: npx egdocs build
      - run: npx egdocs check --format github

  build:
    if: github.event_name != 'pull_request'
    runs-on: ubuntu-latest
    permissions:
      contents: read
      # configure-pages reads the Pages settings (the path the site is served under).
      pages: read
    steps:
${SETUP_STEPS}
      - id: pages
        uses: actions/configure-pages@v5
      - run: npx egdocs build
      # A site built for one path and served under another loads without its styles, scripts and links.
      - name: Check that Pages serves the site under its base path
        env:
          SERVED: \${{ steps.pages.outputs.base_path }}/
        run: |
          built=$(node -p 'require("./build/.egdocs-build.json").baseUrl')
          if [ "$built" != "$SERVED" ]; then
            echo "::error file=site.config.ts,title=Base path::GitHub Pages serves this site under $SERVED, but it was built for $built: set baseUrl in site.config.ts to '$SERVED'"
            exit 1
          fi
      - uses: actions/upload-pages-artifact@v3
        with:
          path: build

  deploy:
    needs: build
    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    # One deploy at a time, each to the end: a deploy cut off halfway would leave Pages in an unknown state.
    concurrency:
      group: pages
      cancel-in-progress: false
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`;
}

/**
 * The cache's key: the runner's system, the lockfile (egdocs' version and code), and what the site is made of (the
 * config, content/, a project's templates/ and src/). A run whose key has no cache yet starts from the newest cache of
 * the same lockfile, else of any: every stored result is keyed by what it was made from, so an older cache is only
 * less warm, never wrong.
 */
const CACHE_KEY =
  "egdocs-${{ runner.os }}-${{ hashFiles('package-lock.json') }}-${{ hashFiles('site.config.ts', 'content/**', 'templates/**', 'src/**') }}";
const RESTORE_KEYS = ["egdocs-${{ runner.os }}-${{ hashFiles('package-lock.json') }}-", 'egdocs-${{ runner.os }}-']
  .map((key) => `            ${key}`)
  .join('\n');

/**
 * The steps both jobs begin with: the repository, Node.js with npm's cache, the packages, and egdocs' cache of what
 * the last builds made (restored after npm ci, which empties node_modules), so a build makes again only what changed.
 */
const SETUP_STEPS = `      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: ${CI_NODE_VERSION}
          cache: npm
      - run: npm ci
      - uses: actions/cache@v4
        with:
          path: node_modules/.cache/egdocs
          key: ${CACHE_KEY}
          restore-keys: |
${RESTORE_KEYS}`;
