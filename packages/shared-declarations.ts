import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The `sharedDeclarations` step of `tsdown.base.ts` (docs/decisions/0030-sdk-standalone.md): tsdown
 * writes the declarations of a dual build twice, once per format, and the SDK's are large.
 */

/** A declaration chunk: its text without the closing export list, and that list (name -> alias). */
interface Chunk {
  body: string;
  aliases: Map<string, string>;
}

const EXPORT_LIST = /\nexport \{([^}]*)\};(?:\n\/\/# sourceMappingURL=\S+)?\s*$/;

function chunkOf(text: string): Chunk | undefined {
  const list = EXPORT_LIST.exec(text);
  if (!list) return undefined;
  const aliases = new Map<string, string>();
  for (const specifier of (list[1] ?? '').split(',')) {
    const [name, alias = name] = specifier
      .trim()
      .replace(/^type /, '')
      .split(/\s+as\s+/);
    if (name) aliases.set(name, alias ?? name);
  }
  return { body: text.slice(0, list.index), aliases };
}

/**
 * Each `.d.mts` chunk whose declarations are those of a `.d.cts` chunk is deleted, and the `.d.mts`
 * files import the `.d.cts` one instead, each name under the alias that chunk gives it (the two
 * builds may letter their exports differently). Entry declarations never match (each imports its
 * own format's chunks, and `entries` are kept), so what the exports map names stays. Throws when
 * nothing is shared.
 */
export async function shareDeclarations(outDir: string, entries: readonly string[]): Promise<void> {
  const entryFiles = new Set(entries.map((entry) => `${entry}.d.mts`));
  // A chunk that imports a shared one matches its twin only once its imports are rewritten, so the
  // step runs again until no chunk is left to share.
  let shared = 0;
  for (let pass = await sharePass(outDir, entryFiles); pass > 0; pass = await sharePass(outDir, entryFiles))
    shared += pass;
  if (shared === 0) throw new Error(`sharedDeclarations: no declaration chunk in ${outDir} is shared`);
}

/** One round of {@link shareDeclarations}; returns how many `.d.mts` chunks it replaced. */
async function sharePass(outDir: string, entryFiles: ReadonlySet<string>): Promise<number> {
  const files = await readdir(outDir);
  const read = (file: string) => readFile(join(outDir, file), 'utf8');
  const commonJs = new Map<string, { file: string; chunk: Chunk }>();
  for (const file of files.filter((name) => name.endsWith('.d.cts'))) {
    const chunk = chunkOf(await read(file));
    if (chunk) commonJs.set(chunk.body, { file, chunk });
  }
  const esm = files.filter((name) => name.endsWith('.d.mts'));
  // The .d.mts chunk replaced -> the .d.cts file and each ESM alias's CommonJS alias.
  const replaced = new Map<string, { file: string; aliases: Map<string, string> }>();
  // An entry's declarations stay whatever they import: the exports map names them.
  for (const file of esm.filter((name) => !entryFiles.has(name))) {
    const chunk = chunkOf(await read(file));
    const twin = chunk && commonJs.get(chunk.body);
    if (!chunk || !twin || chunk.aliases.size !== twin.chunk.aliases.size) continue;
    const aliases = new Map<string, string>();
    for (const [name, alias] of chunk.aliases) {
      const cjsAlias = twin.chunk.aliases.get(name);
      if (cjsAlias) aliases.set(alias, cjsAlias);
    }
    if (aliases.size === chunk.aliases.size) replaced.set(file, { file: twin.file, aliases });
  }
  if (replaced.size === 0) return 0;
  for (const file of replaced.keys()) await rm(join(outDir, file));
  for (const file of esm.filter((name) => !replaced.has(name))) {
    let text = await read(file);
    for (const [from, to] of replaced) {
      const esmPath = `"./${from.replace(/\.d\.mts$/, '.mjs')}"`;
      const cjsPath = `"./${to.file.replace(/\.d\.cts$/, '.cjs')}"`;
      const statement = new RegExp(
        `\\b(import|export)( type)? \\{([^}]*)\\} from ${escapeRegExp(esmPath)}`,
        'g',
      );
      text = text.replace(statement, (_, keyword: string, type = '', list: string) => {
        const specifiers = list.split(',').map((specifier) => {
          const [, inlineType = '', named = ''] = /^(type )?(.*)$/.exec(specifier.trim()) ?? [];
          const [alias = '', local = alias] = named.split(/\s+as\s+/);
          const renamed = to.aliases.get(alias) ?? alias;
          return `${inlineType}${renamed === local ? renamed : `${renamed} as ${local}`}`;
        });
        return `${keyword}${type} { ${specifiers.join(', ')} } from ${cjsPath}`;
      });
      text = text.replaceAll(esmPath, cjsPath);
    }
    await writeFile(join(outDir, file), text);
  }
  return replaced.size;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
