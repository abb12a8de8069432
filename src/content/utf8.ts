// Text files' bytes read as UTF-8; and, for one that is not UTF-8 (most often Latin-1 or Windows-1252, saved by an old
// editor), where the first bad byte is, so the writer can find the character, and what it was meant to be.
import type { Diagnostic } from '../shared/model/diagnostics.ts';

/** The text of a UTF-8 file (without a byte order mark), or undefined when it is not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** The error for a file whose bytes are not valid UTF-8, at the line and column of the first bad byte. */
export function describeInvalidUtf8(bytes: Uint8Array, file: string): Diagnostic {
  const at = invalidUtf8At(bytes);
  // (A typed array's lastIndexOf counts a negative start from the end, hence the check.)
  const lineStart = at > 0 ? bytes.lastIndexOf(0x0a, at - 1) + 1 : 0;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  // Columns count UTF-16 units, as every other message does; the bytes before the bad one decode cleanly (and a
  // TextDecoder drops a byte order mark, which no editor shows as a column).
  const column = new TextDecoder().decode(bytes.subarray(lineStart, at)).length + 1;
  const byte = bytes[at];
  // Latin-1 shows a visible character for bytes past 0xA0 (a no-break space); below it, control codes.
  const meant = byte > 0xa0 ? `, which is '${String.fromCharCode(byte)}' in Latin-1` : '';
  return {
    severity: 'error',
    code: 'content',
    message: `is not valid UTF-8 text (byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')}${meant})`,
    location: { file, line, column },
    hint: 'save the file as UTF-8',
  };
}

/** Offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode table 3-7), or bytes.length. */
export function invalidUtf8At(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    // The length of the sequence and the range its second byte must be in; later bytes are 0x80..0xBF.
    const [length, low, high] =
      lead >= 0xc2 && lead <= 0xdf
        ? [2, 0x80, 0xbf]
        : lead === 0xe0
          ? [3, 0xa0, 0xbf]
          : lead === 0xed
            ? [3, 0x80, 0x9f] // no UTF-16 surrogates
            : lead >= 0xe1 && lead <= 0xef
              ? [3, 0x80, 0xbf]
              : lead === 0xf0
                ? [4, 0x90, 0xbf]
                : lead >= 0xf1 && lead <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : lead === 0xf4
                    ? [4, 0x80, 0x8f] // nothing past U+10FFFF
                    : [0, 0, 0];
    if (length === 0 || i + length > bytes.length || bytes[i + 1] < low || bytes[i + 1] > high) return i;
    for (let k = 2; k < length; k++) if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return i;
    i += length;
  }
  return i;
}
