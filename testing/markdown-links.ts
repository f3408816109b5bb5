import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { anchorsOf, prose } from './markdown';

/**
 * The links of a Markdown file and whether they resolve where the file is read: a package's README
 * is read on the registry and in `node_modules`, where only the package's own files exist, so a
 * relative link must reach a file of the package, a link to the repository a file of the
 * repository, an anchor a heading. Other web links are checked for form only (no network in tests).
 */

/** One link as written: `[text](target)`, `![alt](target)`, `[ref]: target` or `<https://…>`. */
export interface MarkdownLink {
  line: number;
  target: string;
}

/** Every link outside code blocks and code spans, in order. */
export function linksOf(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  prose(markdown).forEach((text, index) => {
    const line = index + 1;
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(text);
    if (definition) links.push({ line, target: definition[1] ?? '' });
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ line, target: match[1] ?? '' });
    for (const match of text.matchAll(/<(https?:\/\/[^>\s]+)>/g))
      links.push({ line, target: match[1] ?? '' });
  });
  return links;
}

/** What a path names in a tree of files: a file (with its text when it is Markdown), a folder, or nothing. */
export type Entry = { kind: 'file'; text?: string } | { kind: 'directory' } | undefined;
export type FileTree = (path: string) => Entry;

export interface LinkPlaces {
  /** The files of the package the README is read in (paths relative to the package root). */
  packageFiles: FileTree;
  /** The repository's web address, e.g. `https://github.com/wsadmin/wsadmin`. */
  repositoryUrl: string;
  /** The repository's files (paths relative to its root), as this checkout has them. */
  repositoryFiles: FileTree;
}

/** The files under a folder of this machine, e.g. the repository's checkout. */
export function folderTree(root: string): FileTree {
  return (path) => {
    const full = join(root, path);
    if (path.split('/').includes('..') || !existsSync(full)) return undefined;
    if (statSync(full).isDirectory()) return { kind: 'directory' };
    return path.endsWith('.md') ? { kind: 'file', text: readFileSync(full, 'utf8') } : { kind: 'file' };
  };
}

/** The files of a list (a tarball's), Markdown with its text; a folder is any prefix of a path. */
export function listedTree(files: ReadonlyMap<string, string | undefined>): FileTree {
  return (path) => {
    if (files.has(path)) {
      const text = files.get(path);
      return text === undefined ? { kind: 'file' } : { kind: 'file', text };
    }
    const folder = path === '' || path === '.' ? '' : `${path}/`;
    return [...files.keys()].some((name) => name.startsWith(folder)) ? { kind: 'directory' } : undefined;
  };
}

/** `git+https://github.com/o/r.git` (package.json `repository.url`) → `https://github.com/o/r`. */
export function repositoryWebUrl(url: string): string {
  return url
    .replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
}

/** Whether a heading anchor exists in the Markdown text of an entry (other files are not checked). */
function anchorProblem(entry: Entry, path: string, anchor: string | undefined): string | undefined {
  if (anchor === undefined || entry?.kind !== 'file' || entry.text === undefined) return undefined;
  return anchorsOf(entry.text).has(decodeURIComponent(anchor))
    ? undefined
    : `no heading #${anchor} in ${path}`;
}

function split(target: string): [string, string | undefined] {
  const at = target.indexOf('#');
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

/** A link into the repository: `blob/<ref>/<file>` or `tree/<ref>/<folder>`, the file present here. */
function repositoryProblem(target: string, places: LinkPlaces): string | undefined {
  const [address, anchor] = split(target);
  const rest = address.slice(places.repositoryUrl.length).replace(/^\//, '');
  if (rest === '') return undefined;
  const parts = /^(blob|tree)\/[^/]+\/(.+?)\/?$/.exec(rest);
  if (!parts) return 'a repository link names blob/<branch>/<file> or tree/<branch>/<folder>';
  const path = decodeURIComponent(parts[2] ?? '');
  const entry = places.repositoryFiles(path);
  if (!entry) return `no ${path} in the repository`;
  if (parts[1] === 'blob' && entry.kind !== 'file') return `${path} is a folder: tree/, not blob/`;
  if (parts[1] === 'tree' && entry.kind !== 'directory') return `${path} is a file: blob/, not tree/`;
  return anchorProblem(entry, path, anchor);
}

function webProblem(target: string): string | undefined {
  if (!URL.canParse(target)) return 'not a well-formed URL';
  const url = new URL(target);
  return url.hostname === '' ? 'a web link without a host' : undefined;
}

/** A relative link from `file` (a path in the package): it must stay in the package and reach a file of it. */
function packageProblem(file: string, target: string, places: LinkPlaces): string | undefined {
  const [address, anchor] = split(target);
  const path =
    address === '' ? file : posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(address)));
  if (path.startsWith('../') || posix.isAbsolute(path))
    return 'leaves the package: link to the repository instead (not in the tarball)';
  const entry = places.packageFiles(path.replace(/\/$/, ''));
  if (!entry) return `no ${path} in the package: link to the repository instead, or ship the file`;
  return anchorProblem(entry, path, anchor);
}

/** The problem of one link of `file`, or `undefined` when it resolves. */
export function linkProblem(file: string, target: string, places: LinkPlaces): string | undefined {
  if (target === '') return 'an empty link';
  if (
    target === places.repositoryUrl ||
    target.startsWith(`${places.repositoryUrl}/`) ||
    target.startsWith(`${places.repositoryUrl}#`)
  )
    return repositoryProblem(target, places);
  if (/^https?:/i.test(target)) return webProblem(target);
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(target)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return 'a link of a scheme other than http(s) or mailto';
  return packageProblem(file, target, places);
}

/** Each link of `file` that does not resolve, as `file:line target (why)`. */
export function brokenLinks(file: string, markdown: string, places: LinkPlaces): string[] {
  return linksOf(markdown).flatMap(({ line, target }) => {
    const problem = linkProblem(file, target, places);
    return problem === undefined ? [] : [`${file}:${line} ${target} (${problem})`];
  });
}
