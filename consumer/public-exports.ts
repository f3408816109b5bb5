import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Exported names (values and types) of each entry of an unpacked package, from its declarations. */
export type PublicExports = Record<string, string[]>;

/** Every declaration file an export-map target names, by condition path (`import`, `node.require`, ...). */
export function typesOf(target: unknown, path = ''): Array<[string, string]> {
  if (typeof target !== 'object' || target === null) return [];
  return Object.entries(target).flatMap(([condition, value]): Array<[string, string]> => {
    const here = path ? `${path}.${condition}` : condition;
    if (condition === 'types' && typeof value === 'string') return [[path || 'types', value]];
    // The repository's source condition points at TypeScript sources that do not ship.
    if (condition === '@wsadmin/source') return [];
    return typesOf(value, here);
  });
}

/**
 * The names each declaration file exports, as TypeScript sees them (re-exports followed): one
 * program over every file of the package, without the standard library (an export's name needs no
 * global type; a program per file parsed the DOM library again for each, 30 s of CPU a run).
 */
function namesOf(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    noLib: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  return new Map(
    files.map((file) => {
      const source = program.getSourceFile(file);
      const module = source && checker.getSymbolAtLocation(source);
      if (!module) throw new Error(`${file}: no module`);
      const names = checker
        .getExportsOfModule(module)
        .map((symbol) => symbol.name)
        .sort();
      return [file, names];
    }),
  );
}

/**
 * The public exports of the package unpacked in `directory`, by entry (`.`, `./node`, ...). Every
 * declaration file of an entry (ES module, CommonJS, the `node` flavour) must export the same
 * names; an entry whose flavours differ throws, naming them.
 */
export function publicExports(directory: string): PublicExports {
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  const result: PublicExports = {};
  const entries = Object.entries(manifest.exports).map(
    ([entry, target]) => [entry, typesOf(target)] as const,
  );
  const names = namesOf([
    ...new Set(entries.flatMap(([, types]) => types.map(([, file]) => join(directory, file)))),
  ]);
  for (const [entry, types] of entries) {
    const flavours = types.map(([condition, file]) => ({
      condition,
      names: names.get(join(directory, file)) ?? [],
    }));
    const [first, ...rest] = flavours;
    if (!first) continue;
    for (const flavour of rest) {
      if (JSON.stringify(flavour.names) !== JSON.stringify(first.names))
        throw new Error(
          `${entry}: the ${flavour.condition} declarations export other names than the ${first.condition} ones: ${JSON.stringify(
            {
              only: flavour.names.filter((name) => !first.names.includes(name)),
              missing: first.names.filter((name) => !flavour.names.includes(name)),
            },
          )}`,
        );
    }
    result[entry] = first.names;
  }
  return result;
}
