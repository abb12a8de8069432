// The flat subset of YAML that nearly all front matter is written in, read without the `yaml` package: one
// `key: value` per line, where a value is a plain word-led string, a small whole number, true or false, a quoted
// string without escapes, or a one-line list of such plain items. The package spends about 0.3 ms on even a
// four-line document (its lexer alone 0.1 ms), which was a tenth of a cold 1,000-page build; this reads the same
// lines in microseconds. Anything outside the subset returns undefined and goes to the package, which decides it and
// words its errors: so this must never accept a text the package would read differently (test/content/
// yaml-subset.test.ts compares the two on generated texts).

export interface YamlSubset {
  values: Record<string, unknown>;
  /** Line of each key: `firstLine` for the text's first line. */
  keyLines: Record<string, number>;
}

// A key that YAML reads as a string and JavaScript stores as an own property.
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
// Words YAML's core schema reads as null or booleans, which the plain-string rule below must not claim.
const RESERVED = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
// A plain string: led by a letter, and free of what could start a comment or a nested mapping (a colon is one only
// before a space or at the end).
const PLAIN = /^[A-Za-z](?:[^#:\t]|:(?=\S))*$/;
// Whole numbers JavaScript holds exactly; a leading zero, a sign or a point goes to the package (octal, floats).
const WHOLE = /^(?:0|[1-9][0-9]{0,14})$/;
// Quoted strings with nothing to unescape; `''` (a quote inside single quotes) and backslashes go to the package.
const DOUBLE_QUOTED = /^"([^"\\]*)"$/;
const SINGLE_QUOTED = /^'([^']*)'$/;

const NONE = Symbol('outside the subset');

function scalar(text: string, inList: boolean): unknown {
  if (WHOLE.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  if (RESERVED.test(text)) return NONE;
  // Inside a list an item ends at a comma or bracket, and a colon may start a pair: such items go to the package.
  if (PLAIN.test(text) && !(inList && /[[\]{},:]/.test(text))) return text;
  if (inList) return NONE;
  const quoted = DOUBLE_QUOTED.exec(text) ?? SINGLE_QUOTED.exec(text);
  return quoted ? quoted[1] : NONE;
}

function value(text: string): unknown {
  if (text.startsWith('[') && text.endsWith(']')) {
    const inner = text.slice(1, -1).trim();
    if (inner === '') return [];
    const items = inner.split(',').map((item) => scalar(item.trim(), true));
    return items.includes(NONE) ? NONE : items;
  }
  return scalar(text, false);
}

/**
 * The mapping `text` holds when it is in the subset, else undefined (then parse it with the `yaml` package);
 * `firstLine` is the line number of its first line (in the file it comes from).
 */
export function readYamlSubset(text: string, firstLine = 1): YamlSubset | undefined {
  if (/[\r\t]/.test(text)) return undefined;
  const values: Record<string, unknown> = {};
  const keyLines: Record<string, number> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = KEY_LINE.exec(line);
    if (!match) return undefined;
    const [, key, raw] = match as unknown as [string, string, string | undefined];
    // A key without a value may open a block on the lines below; a repeated key is an error the package words.
    if (raw === undefined || key === '__proto__' || RESERVED.test(key) || Object.hasOwn(keyLines, key))
      return undefined;
    const read = value(raw.trimEnd());
    if (read === NONE) return undefined;
    values[key] = read;
    keyLines[key] = firstLine + index;
  }
  return { values, keyLines };
}
