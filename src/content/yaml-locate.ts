// Where a key of a YAML text is written, so that a message about it (front matter's checks name keys by path:
// 'cards[1].href') points at its line and column. Asked only when there is something to report, so a text the flat
// reader took (yaml-subset.ts) is parsed by the package only then.
import { type Document, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { KeyLocator } from '../shared/schema/context.ts';
import { columnAt, lineNumberAt } from './yaml-errors.ts';

/**
 * Locates key paths in `text`, whose first line is line `firstLine` of `file`; `parsed` is its document when already
 * parsed. A key is found at its name, a list entry at its start, and with `value`, the value under the path at its
 * start; a path not found to the end gives the deepest part found, and none of it the file's first line.
 */
export function yamlLocator(file: string, text: string, firstLine: number, parsed?: Document.Parsed): KeyLocator {
  let doc = parsed;
  return (keyPath, value) => {
    doc ??= parseDocument(text, { prettyErrors: false });
    let node: unknown = doc.contents;
    let offset: number | undefined;
    let found = true;
    for (const [, index, key] of keyPath.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) {
      if (index !== undefined && isSeq(node)) node = node.items[Number(index)];
      else if (key !== undefined && isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
        node = pair?.value;
        if (pair && isScalar(pair.key)) offset = pair.key.range?.[0] ?? offset;
        if (!pair) found = false;
      } else found = false;
      if (!found) break;
      if (index !== undefined) offset = rangeOf(node)?.[0] ?? offset;
    }
    if (found && value !== undefined) offset = rangeOf(node)?.[0] ?? offset;
    if (offset === undefined) return { file, line: 1, column: 1 };
    return { file, line: lineNumberAt(text, offset) + firstLine - 1, column: columnAt(text, offset) };
  };
}

function rangeOf(node: unknown): readonly number[] | undefined {
  return typeof node === 'object' && node !== null && 'range' in node
    ? (node.range as number[] | undefined)
    : undefined;
}
