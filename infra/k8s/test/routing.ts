// Small, literal models of the two routers in front of the pods, so the tests can ask "where does
// this path go, and what comes back" without a cluster: the Ingress path rules of the Kubernetes
// API, and the subset of nginx the front-end image's configuration uses.
import type { Ingress, IngressBackend } from './manifests';

/**
 * The Ingress rule that takes a path, as the networking.k8s.io/v1 API defines matching: Exact
 * compares the whole path, Prefix compares whole path elements; the longest match wins, Exact
 * before Prefix on a tie.
 */
export function ingressBackendFor(ingress: Ingress, host: string, requestPath: string): (IngressBackend & { path: string }) | undefined {
  const elements = (value: string) => value.split('/').filter(Boolean);
  const candidates = ingress.spec.rules
    .filter((rule) => rule.host === undefined || rule.host === host)
    .flatMap((rule) => rule.http.paths)
    .filter(({ path, pathType }) => {
      if (pathType === 'Exact') return requestPath === path;
      if (pathType !== 'Prefix') throw new Error(`pathType ${pathType} is controller-specific; use Exact or Prefix`);
      const prefix = elements(path);
      const request = elements(requestPath);
      return prefix.every((element, index) => request[index] === element);
    })
    .sort((a, b) => b.path.length - a.path.length || Number(a.pathType !== 'Exact') - Number(b.pathType !== 'Exact'));
  const chosen = candidates[0];
  return chosen ? { ...chosen.backend, path: chosen.path } : undefined;
}

// --- nginx -----------------------------------------------------------------------------------

export interface NginxDirective {
  name: string;
  args: string[];
  block?: NginxDirective[];
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (/\s/.test(char)) {
      index++;
    } else if (char === '#') {
      while (index < text.length && text[index] !== '\n') index++;
    } else if (char === '{' || char === '}' || char === ';') {
      tokens.push(char);
      index++;
    } else if (char === '"' || char === "'") {
      const end = text.indexOf(char, index + 1);
      if (end < 0) throw new Error('unterminated string in nginx configuration');
      tokens.push(text.slice(index + 1, end));
      index = end + 1;
    } else {
      let end = index;
      while (end < text.length && !/[\s{};]/.test(text[end])) end++;
      tokens.push(text.slice(index, end));
      index = end;
    }
  }
  return tokens;
}

/** Parses nginx configuration text into directives (blocks nested). */
export function parseNginx(text: string): NginxDirective[] {
  const tokens = tokenize(text);
  let position = 0;
  function parseBlock(): NginxDirective[] {
    const directives: NginxDirective[] = [];
    while (position < tokens.length && tokens[position] !== '}') {
      const name = tokens[position++];
      const args: string[] = [];
      while (position < tokens.length && tokens[position] !== ';' && tokens[position] !== '{') args.push(tokens[position++]);
      if (tokens[position] === '{') {
        position++;
        const block = parseBlock();
        if (tokens[position++] !== '}') throw new Error(`unclosed block ${name}`);
        directives.push({ name, args, block });
      } else {
        if (tokens[position++] !== ';') throw new Error(`missing ; after ${name}`);
        directives.push({ name, args });
      }
    }
    return directives;
  }
  const result = parseBlock();
  if (position !== tokens.length) throw new Error('unbalanced } in nginx configuration');
  return result;
}

export function find(directives: NginxDirective[] | undefined, name: string): NginxDirective[] {
  return (directives ?? []).filter((directive) => directive.name === name);
}

function regexOf(modifierOrPattern: string, pattern?: string): RegExp {
  if (pattern === undefined) return new RegExp(modifierOrPattern);
  return new RegExp(pattern, modifierOrPattern === '~*' ? 'i' : '');
}

/** The value a `map <source> $variable { ... }` gives for its source's value (regex entries in order, then default). */
export function mapValue(map: NginxDirective, source: string): string | undefined {
  let fallback: string | undefined;
  for (const entry of map.block ?? []) {
    const [value] = entry.args;
    if (entry.name === 'default') {
      fallback = value;
    } else if (entry.name.startsWith('~*') || entry.name.startsWith('~')) {
      const caseless = entry.name.startsWith('~*');
      if (new RegExp(entry.name.slice(caseless ? 2 : 1), caseless ? 'i' : '').test(source)) return value;
    } else if (entry.name === source) {
      return value;
    }
  }
  return fallback;
}

interface Location {
  modifier: '' | '=' | '^~' | '~' | '~*';
  pattern: string;
  block: NginxDirective[];
}

function locationsOf(server: NginxDirective): Location[] {
  return find(server.block, 'location').map(({ args, block }) => {
    if (args.length === 1) return { modifier: '', pattern: args[0], block: block ?? [] };
    const [modifier, pattern] = args;
    if (!['=', '^~', '~', '~*'].includes(modifier)) throw new Error(`unknown location modifier ${modifier}`);
    return { modifier: modifier as Location['modifier'], pattern, block: block ?? [] };
  });
}

/** nginx's choice of location: exact, else longest prefix if ^~, else first regex, else longest prefix. */
export function chooseLocation(server: NginxDirective, uri: string): Location | undefined {
  const locations = locationsOf(server);
  const exact = locations.find((location) => location.modifier === '=' && location.pattern === uri);
  if (exact) return exact;
  const prefixes = locations
    .filter((location) => (location.modifier === '' || location.modifier === '^~') && uri.startsWith(location.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length);
  if (prefixes[0]?.modifier === '^~') return prefixes[0];
  const regex = locations.find((location) => (location.modifier === '~' || location.modifier === '~*') && regexOf(location.modifier, location.pattern).test(uri));
  return regex ?? prefixes[0];
}

export interface NginxAnswer {
  status: number;
  /** The file sent (its path under the server's root), when one was. */
  file?: string;
  headers: Record<string, string>;
}

/** `$name` variables in nginx text (a map's source, a header's value), each replaced by its value. */
function expandVariables(template: string, valueOf: (variable: string) => string): string {
  return template.replace(/\$([a-z_][a-z0-9_]*)/gi, (_match, variable: string) => valueOf(variable));
}

/**
 * What an nginx `server` with this configuration answers to a GET of `target` (a path, with its
 * query if any) carrying `cookies`, given the files under its root: locations, `return`,
 * `try_files` (files and a last-resort URI or =code) and server-level `add_header`, whose values
 * may use $uri, $request_uri, $cookie_<name> and the variables of `map`s of those.
 */
export function nginxAnswer(config: NginxDirective[], files: ReadonlySet<string>, target: string, cookies: Readonly<Record<string, string>> = {}): NginxAnswer {
  const [http] = find(config, 'http');
  const [server] = find(http?.block, 'server');
  if (!server) throw new Error('no http { server { ... } } in nginx configuration');
  const maps = Object.fromEntries(find(http.block, 'map').map((map) => [map.args[1], map]));

  let currentUri = decodeURIComponent(target.split('?')[0]);
  const variable = (name: string): string => {
    if (name === 'uri') return currentUri;
    if (name === 'request_uri') return target;
    if (name.startsWith('cookie_')) return cookies[name.slice('cookie_'.length)] ?? '';
    const map = maps[`$${name}`];
    if (!map) throw new Error(`$${name} is neither a request variable this model knows nor a map`);
    return mapValue(map, expandVariables(map.args[0], variable)) ?? '';
  };
  let status = 404;
  let file: string | undefined;
  for (let redirects = 0; redirects < 10; redirects++) {
    const location = chooseLocation(server, currentUri);
    if (!location) break;
    const [returned] = find(location.block, 'return');
    if (returned) {
      status = Number(returned.args[0]);
      break;
    }
    const [tryFiles] = find(location.block, 'try_files');
    if (!tryFiles) {
      // No try_files: the static module serves the URI as a file.
      status = files.has(currentUri) ? 200 : 404;
      file = status === 200 ? currentUri : undefined;
      break;
    }
    const candidates = tryFiles.args.slice(0, -1).map((candidate) => candidate.replaceAll('$uri', currentUri));
    const hit = candidates.find((candidate) => files.has(candidate));
    if (hit) {
      status = 200;
      file = hit;
      currentUri = hit;
      break;
    }
    const last = tryFiles.args[tryFiles.args.length - 1];
    if (last.startsWith('=')) {
      status = Number(last.slice(1));
      break;
    }
    currentUri = last.replaceAll('$uri', currentUri);
  }

  const headers: Record<string, string> = {};
  for (const addHeader of find(server.block, 'add_header')) {
    const [name, rawValue, always] = addHeader.args;
    // Without `always`, nginx adds the header to 2xx and 3xx answers only.
    if (status >= 400 && always !== 'always') continue;
    const value = expandVariables(rawValue, variable);
    if (value !== '') headers[name.toLowerCase()] = value;
  }
  return { status, file, headers };
}
