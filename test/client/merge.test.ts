// The client's pure parts, in node: how the next route's props are made from its payload, and the crash page's
// chain of causes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mergeSidebar } from '../../src/client/merge.ts';
import type { SidebarItem } from '../../src/shared/model/types.ts';
import { routePathOf } from '../../src/shared/routing.ts';
import { errorChain } from '../../templates/ErrorBoundary.tsx';

const test = suite('client: props, paths and errors');

const category = (label: string, items: SidebarItem[], lazy = false): SidebarItem => ({
  type: 'category',
  label,
  items,
  collapsed: true,
  lazy,
});
const link = (label: string): SidebarItem => ({ type: 'link', label, href: `/${label}/` });

test('a category the reader has items for keeps them when the next page left it out', () => {
  const known = [category('A', [link('a1'), link('a2')]), category('B', [], true)];
  const next = [category('A', [], true), category('B', [link('b1')])];
  const merged = mergeSidebar(known, next);
  assert.equal(merged[0], { ...category('A', [link('a1'), link('a2')]), lazy: false });
  assert.equal(merged[1], category('B', [link('b1')]));
});

test('a different sidebar shape is taken as it comes', () => {
  const next = [category('X', [link('x')])];
  assert.equal(mergeSidebar([category('A', [link('a')])], next), next);
  assert.equal(mergeSidebar([category('A', [link('a')]), link('b')], next), next);
});

test('page paths: .html and /index.html are stripped, a missing slash is added, files are not pages', () => {
  assert.is(routePathOf('/base/docs/a/'), '/base/docs/a/');
  assert.is(routePathOf('/base/docs/a/index.html'), '/base/docs/a/');
  assert.is(routePathOf('/base/docs/a.html'), '/base/docs/a/');
  assert.is(routePathOf('/base/docs/a'), '/base/docs/a/');
  assert.is(routePathOf('/base/blog/rss.xml'), undefined);
  assert.is(routePathOf('/base/img/logo.svg'), undefined);
});

test('the crash page lists the error and each cause', () => {
  const error = new Error('cannot render the sidebar', {
    cause: new TypeError('items is null', { cause: 'payload from another build' }),
  });
  assert.equal(errorChain(error), [
    'cannot render the sidebar',
    'TypeError: items is null',
    'payload from another build',
  ]);
  assert.equal(errorChain('plain string'), ['plain string']);
});

test.run();
