// How each language writes a comment on a line of its own (`#` in bash, `<!-- -->` in html, `--` in sql, `;` in ini):
// the lines egdocs reads inside code (highlight comments, plugins/highlight-comments.ts; the region markers of an
// included code file, include-request.ts) are comments in the code's own syntax, so an example in another language
// shown in the code keeps its comments as code. A language not listed here takes every form.

/** The ways to write a comment on a line of its own: what opens it and what closes it (`;;` and `##` too). */
const FORMS = {
  slashes: ['//', ''],
  block: ['/*', '*/'],
  jsx: ['{/*', '*/}'],
  hash: ['#', ''],
  html: ['<!--', '-->'],
  dashes: ['--', ''],
  semicolon: [';', ''],
  percent: ['%', ''],
} as const;
export type CommentForm = keyof typeof FORMS;

const C_LIKE: CommentForm[] = ['slashes', 'block'];
/** Each language's comment forms, by the names fences give it. */
const LANGUAGES = new Map<string, CommentForm[]>([
  ...names(C_LIKE, 'js javascript mjs cjs ts typescript java kotlin kt kts swift dart c cpp c++ h hpp cs csharp'),
  ...names(C_LIKE, 'go rust rs scala groovy gradle json5 jsonc objective-c objc scss less sass zig proto'),
  ...names(['slashes', 'block', 'jsx'], 'jsx tsx'),
  ...names(['slashes', 'block', 'hash'], 'php'),
  ...names(['block'], 'css'),
  ...names(['hash'], 'bash sh shell zsh fish console python py ruby rb yaml yml toml dockerfile docker makefile'),
  ...names(['hash'], 'make perl pl r powershell ps1 env dotenv properties apache htaccess nginx conf graphql gql'),
  ...names(['hash'], 'elixir ex nix hcl terraform tf cmake julia coffee'),
  ...names(['html'], 'html xml xhtml svg md markdown mdx vue plist'),
  ...names(['dashes'], 'sql lua haskell hs elm'),
  ...names(['semicolon', 'hash'], 'ini'),
  ...names(['semicolon'], 'lisp clojure clj scheme asm nasm wat'),
  ...names(['percent'], 'tex latex erlang erl matlab'),
]);
const ALL_FORMS = Object.keys(FORMS) as CommentForm[];

function names(forms: CommentForm[], languages: string): [string, CommentForm[]][] {
  return languages.split(' ').map((language) => [language, forms]);
}

/** The comment forms of a fence language (every form for one not listed). */
export function commentForms(language: string): CommentForm[] {
  return LANGUAGES.get(language.toLowerCase()) ?? ALL_FORMS;
}

const matchers = new Map<string, RegExp>();

/**
 * The expression a comment line of these forms matches when its text matches `inner` (a regular expression's source
 * holding one group), that group being the first one set of the match.
 */
export function commentLine(forms: CommentForm[], inner: string): RegExp {
  const key = `${forms.join()} ${inner}`;
  let expression = matchers.get(key);
  if (!expression) {
    const escape = (text: string) => text.replace(/[{}*/]/g, '\\$&');
    const alternatives = forms.map((form) => `(?:${escape(FORMS[form][0])})+\\s*${inner}\\s*${escape(FORMS[form][1])}`);
    expression = new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
    matchers.set(key, expression);
  }
  return expression;
}

/** `text` as a comment line in the first of these forms, for hints. */
export function writtenComment(text: string, forms: CommentForm[]): string {
  const [open, close] = FORMS[forms[0]];
  return [open, text, close].filter(Boolean).join(' ');
}
