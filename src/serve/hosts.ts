// Which requests `egdocs serve` answers. Any web page the writer has open can make the browser send requests to
// 127.0.0.1:3000, and through DNS rebinding (its own name, resolved to 127.0.0.1) read the answers, or open the
// live-reload socket and read the build errors sent over it. Such requests carry the page's name in Host (and in
// Origin): so the servers answer only requests addressed to this machine by a loopback name, an IP address (a
// rebinding page cannot make the browser send one of those as Host) or a name the user allowed with --allow-host,
// and the socket only pages of the site itself.
import type http from 'node:http';
import { isIP } from 'node:net';

/** Whether a request's Host header names this server. */
export type HostCheck = (host: string | undefined) => boolean;

/**
 * Why `name` cannot be given to --allow-host, or undefined: it must be a host name ('docs.test'), an IP address, or
 * a domain with a leading dot ('.example.com': it and its subdomains). A domain of one label ('.com') would let in
 * names anyone can register, and '.' every name, which is what the check is there to refuse.
 */
export function allowedHostProblem(name: string): string | undefined {
  if (name.trim() === '') return 'it is empty';
  if (name.trim() === '.')
    return 'it names no domain (a leading dot stands for a domain and its subdomains, like .example.com)';
  const bare = normalise(name);
  if (isIP(bare) !== 0) return undefined;
  const port = /^([^:]+):\d+$/.exec(name.trim());
  if (port) return `give the name without the port ('${port[1]}')`;
  const domain = bare.startsWith('.');
  const labels = (domain ? bare.slice(1) : bare).split('.');
  const bad = /[^a-z0-9._-]/u.exec(bare)?.[0];
  if (bad === '*') return "'*' cannot be in a host name (for a domain and its subdomains, write .example.com)";
  if (bad !== undefined && bad.codePointAt(0)! > 0x7f)
    return `'${bad}' cannot be in a host name (give an international name in its xn-- form)`;
  if (bad !== undefined) return `'${bad}' cannot be in a host name`;
  if (labels.includes('')) return 'it has an empty label';
  if (labels.some((label) => label.startsWith('-') || label.endsWith('-')))
    return "a label cannot start or end with '-'";
  if (labels.some((label) => label.length > 63)) return 'a label is longer than 63 characters';
  if (domain && labels.length < 2) return `a domain of one label (${bare}) would allow names anyone can register`;
  return undefined;
}

/**
 * The names a server bound to `bound` answers to: loopback names, any IP address, the bound name, and `allowed`
 * (a name, or '.example.com' for that domain and its subdomains; see allowedHostProblem, which the CLI asks first).
 */
export function hostCheck(bound: string, allowed: string[] = []): HostCheck {
  const names = new Set(['localhost', normalise(bound), ...allowed.map(normalise)].filter(Boolean));
  // A domain of nothing ('.') would be the end of every name.
  const domains = allowed.map(normalise).filter((name) => name.startsWith('.') && name.length > 1);
  return (host) => {
    // HTTP/1.0 clients may leave Host out; no browser does, and browsers are who the check is for.
    if (host === undefined) return true;
    const name = hostname(host);
    return (
      isIP(name) !== 0 ||
      names.has(name) ||
      name.endsWith('.localhost') ||
      domains.some((domain) => name === domain.slice(1) || name.endsWith(domain))
    );
  };
}

/**
 * Whether an upgrade comes from a page of this site: no Origin (a program, not a browser page) or an http(s) origin
 * whose host is the one the request is addressed to.
 */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      host !== undefined &&
      url.host.toLowerCase() === host.toLowerCase()
    );
  } catch {
    return false;
  }
}

/** What a refused request is told, and how to allow the name when it was meant. */
export function refusal(host: string | undefined): string {
  const name = hostname(host ?? '');
  return `egdocs serve does not answer requests for '${name}': a page of another site can send them, and read the answers. If you opened the site by this name yourself, start egdocs serve again with --allow-host ${name}\n`;
}

/** `handler` behind the host check: other names get 403 with the refusal, and `log` hears of each name once. */
export function guardHosts(
  handler: http.RequestListener,
  check: HostCheck,
  log?: (line: string) => void,
): http.RequestListener {
  const told = new Set<string>();
  return (req, res) => {
    if (check(req.headers.host)) return handler(req, res);
    const name = hostname(req.headers.host ?? '');
    if (log && !told.has(name)) {
      told.add(name);
      log(`Refused a request for '${name}' (not an address of this server); to allow it: --allow-host ${name}`);
    }
    const body = refusal(req.headers.host);
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** The name in a Host header, lower case, without port, brackets or a final dot: '[::1]:3000' -> '::1'. */
function hostname(host: string): string {
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '');
  return normalise(name);
}

function normalise(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
}
