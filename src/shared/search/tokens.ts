// How text becomes index terms, shared by the build (src/search/index-files.ts, which indexes) and the search worker
// (engine.ts, which queries): both sides must cut and stem words the same way, or a query never meets its page.
import { lunr } from './lunr.ts';

/** The indexed fields, in the order postings are stored, and each one's weight. */
export const FIELDS = ['title', 'heading', 'body', 'part'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_BOOST: Record<Field, number> = { title: 6, heading: 3, body: 1, part: 2 };

// Words are split at spaces and at the punctuation inside names (php.ini, APP_URL, /admin/login, v2.1.2), so that
// "php ini" finds php.ini and "app url" finds APP_URL.
export const SEPARATOR = /[\s\-_./:()[\],;"'`=<>|!?@#]+/;

// A name with punctuation inside (google-services.json, upload_max_filesize, NEXT_PUBLIC_API_URL, php.ini) or with
// capitals inside (AndroidManifest, GoogleService): kept whole as well as cut into its parts, so a reader who types
// the name exactly finds the pages that hold that exact name before pages that merely use its words.
const RUN = /[A-Za-z0-9][A-Za-z0-9_.-]*[A-Za-z0-9]/g;
const INSIDE = /[-_.]|[a-z][A-Z]/;
const CAMEL = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g;

/** The identifiers in a text, lowercased and whole, and the camel-case words inside them. */
export function identifiersOf(text: string): { whole: string[]; parts: string[] } {
  const whole: string[] = [];
  const parts: string[] = [];
  for (const [match] of text.matchAll(RUN)) {
    if (!INSIDE.test(match)) continue;
    whole.push(match.toLowerCase());
    // Words joined by hyphens are often typed as one: "self-pickup" is found as "selfpickup" too.
    if (/^[A-Za-z]+(?:-[A-Za-z]+)+$/.test(match)) parts.push(match.replaceAll('-', '').toLowerCase());
    if (!/[a-z][A-Z]/.test(match)) continue;
    for (const piece of match.split(/[-_.]+/)) {
      const words = piece.match(CAMEL) ?? [];
      // "AndroidManifest" → android, manifest; a plain word adds nothing the tokenizer does not give.
      if (words.length > 1) parts.push(...words.map((word) => word.toLowerCase()));
    }
  }
  return { whole, parts };
}

// A site has far fewer distinct words than words, and Porter stemming is most of the cost of indexing.
const stems = new Map<string, string>();
/** lunr's stemmer (Porter's), remembered. */
export const stem = (word: string): string => {
  let found = stems.get(word);
  if (found === undefined) {
    found = lunr.stemmer(new lunr.Token(word, {})).toString();
    if (stems.size > 200_000) stems.clear();
    stems.set(word, found);
  }
  return found;
};

/** The pipeline query terms go through (lunr's search pipeline: the stemmer). */
export function queryPipeline(): lunr.Pipeline {
  const pipeline = new lunr.Pipeline();
  pipeline.add(lunr.stemmer);
  return pipeline;
}

const stopWords = new Set<string>();
for (const word of 'a able about across after all almost also am among an and any are as at be because been but by can cannot could dear did do does either else ever every for from get got had has have he her hers him his how however i if in into is it its just least let like likely may me might most must my neither no nor not of off often on only or other our own rather said say says she should since so some than that the their them then there these they this tis to too twas us wants was we were what when where which while who whom why will with would yet you your'.split(
  ' ',
))
  stopWords.add(word);
/** lunr's English stop words. */
export const isStopWord = (word: string): boolean => stopWords.has(word);

/**
 * The index terms of a text: what lunr's tokenizer and the index pipeline give (lowercased words cut at SEPARATOR,
 * trimmed of non-word characters, stop words out, stemmed), plus identifiers whole and their camel-case words. The
 * build indexes with this rather than lunr.Builder: the same terms, several times faster.
 */
export function termsOf(text: string, { joined = false } = {}): string[] {
  const terms: string[] = [];
  const add = (word: string, whole: boolean) => {
    // lunr's trimmer: non-word characters off both ends (most words have none, and the regexes are the cost).
    const trimmed =
      isWordChar(word.charCodeAt(0)) && isWordChar(word.charCodeAt(word.length - 1))
        ? word
        : word.replace(/^\W+/, '').replace(/\W+$/, '');
    if (!trimmed || isStopWord(trimmed)) return;
    terms.push(whole ? trimmed : stem(trimmed));
  };
  const words = text.toLowerCase().split(SEPARATOR);
  for (const word of words) if (word) add(word, false);
  if (joined) {
    // Titles and headings also give each pair of neighbouring words joined, as readers type them: "Self Pickup" is
    // found as "selfpickup" (and, one typo away, "selfpikup").
    const plain = (word: string) => /^[a-z]{2,}$/.test(word) && !isStopWord(word);
    for (let i = 1; i < words.length; i++)
      if (plain(words[i - 1]) && plain(words[i])) add(words[i - 1] + words[i], false);
  }
  const { whole, parts } = identifiersOf(text);
  for (const name of whole) add(name, true);
  for (const word of parts) add(word, false);
  return terms;
}

/** [A-Za-z0-9_], what `\w` matches. */
function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || code === 95;
}
