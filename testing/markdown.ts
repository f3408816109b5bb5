/**
 * What the docs test reads in Markdown: relative links, heading anchors, and fenced code blocks.
 * Small on purpose: the repository's docs use plain `[text](target)` links and ATX headings.
 */

/** The text outside fenced code blocks and inline code spans, line by line (code lines blank). */
export function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers; a repeated heading gets `-1`, `-2`, … as on GitHub. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = slugOf(heading[1] ?? '');
    let unique = slug;
    for (let n = 1; anchors.has(unique); n++) unique = `${slug}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

/** A link of a Markdown file that points inside the repository: path (may be empty) and anchor. */
export interface RelativeLink {
  line: number;
  path: string;
  anchor: string | undefined;
}

/** Every relative link outside code: `[text](path#anchor)`; URLs with a scheme are left out. */
export function relativeLinksOf(markdown: string): RelativeLink[] {
  const links: RelativeLink[] = [];
  prose(markdown).forEach((text, index) => {
    for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      links.push({ line: index + 1, path: decodeURIComponent(path), anchor });
    }
  });
  return links;
}

/** The first fenced block of a language after a heading (`## Title`), without its fences. */
export function codeBlockUnder(markdown: string, heading: string, language: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const code = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(markdown.slice(start))?.[1];
  if (code === undefined) throw new Error(`no \`\`\`${language} block under "${heading}"`);
  return code;
}

/** Code without comments, whitespace, or trailing commas: formatting may differ, tokens may not. */
function tokens(code: string): string {
  return code
    .replace(/\/\/.*$/gm, '')
    .replace(/\s+/g, '')
    .replace(/,(?=[)\]}]|$)/g, '');
}

/**
 * The first line of `excerpt` that is not in `source`, in order (each line's code, formatting
 * aside, must come after the previous one's); `undefined` when the excerpt is all there.
 */
export function lineMissingFrom(excerpt: string, source: string): string | undefined {
  const whole = tokens(source);
  let from = 0;
  for (const line of excerpt.split('\n')) {
    const names = /^import \{([^}]*)\} from ('[^']+');$/.exec(line.trim());
    if (names) {
      // An excerpt may import fewer names than the source does from the same module.
      const imports = [...source.matchAll(/^import \{([^}]*)\} from ('[^']+');$/gm)].filter(
        (i) => i[2] === names[2],
      );
      const known = new Set(imports.flatMap((i) => (i[1] ?? '').split(',').map((name) => name.trim())));
      if ((names[1] ?? '').split(',').some((name) => !known.has(name.trim()))) return line;
      continue;
    }
    const code = tokens(line);
    if (code === '') continue;
    const at = whole.indexOf(code, from);
    if (at < 0) return line;
    from = at + code.length;
  }
  return undefined;
}
