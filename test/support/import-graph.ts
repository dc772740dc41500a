import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import {
  isExportDeclaration,
  isImportDeclaration,
  isNamedExports,
  isNamedImports,
  isStringLiteralLikeNode,
} from 'typescript/unstable/ast/is';
import { createVirtualFileSystem, type FileSystem } from 'typescript/unstable/fs';
import { API } from 'typescript/unstable/sync';

// The run-time import graph of src/, read with the TypeScript compiler's own parser, so that an
// import counts only when it survives type erasure (docs/architecture.md, "Layers").

/** One run-time import: the importing file, what it wrote, and the file it reaches. */
export interface Import {
  from: string;
  specifier: string;
  to: string;
}

/** True when the statement holding a module specifier disappears with the types. */
function typeOnly(statement: Node): boolean {
  if (isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return true;
    const clause = statement.exportClause;
    return (
      !!clause &&
      isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  }
  if (!isImportDeclaration(statement)) return false; // `import('./x.js')` runs the module
  const clause = statement.importClause;
  if (!clause) return false; // `import './x.js'` runs the module
  if (clause.phaseModifier === SyntaxKind.TypeKeyword) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** The module specifiers a parsed file needs at run time: imports, re-exports and `import()`. */
export function runtimeSpecifiers(file: SourceFile): string[] {
  return file.imports.flatMap((specifier) =>
    isStringLiteralLikeNode(specifier) && !typeOnly(specifier.parent) ? [specifier.text] : [],
  );
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in the source), or undefined. */
export function resolveRelative(
  file: string,
  specifier: string,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(file), specifier);
  const stem = base.replace(/\.(m|c)?js$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts')].find((path) => exists(path));
}

/** Parses the project of `tsconfig` (optionally on a virtual file system) and hands its files to `read`. */
function withProject<T>(
  cwd: string,
  tsconfig: string,
  fs: FileSystem | undefined,
  read: (files: SourceFile[]) => T,
): T {
  const api = new API(fs ? { cwd, fs } : { cwd });
  try {
    const project = api.updateSnapshot({ openProject: tsconfig }).getProjects()[0];
    if (!project) throw new Error(`no project in ${tsconfig}`);
    const files = project.program
      .getSourceFileNames()
      .flatMap((name) => project.program.getSourceFile(name) ?? []);
    return read(files);
  } finally {
    api.close();
  }
}

function importsUnder(
  files: SourceFile[],
  root: string,
  srcDir: string,
  exists: (path: string) => boolean,
): Import[] {
  const ours = (path: string): boolean =>
    path.startsWith(`${srcDir}/`) && !/\.test\.tsx?$|\.d\.ts$/.test(path);
  return files
    .filter((file) => ours(file.fileName))
    .flatMap((file) =>
      runtimeSpecifiers(file).flatMap((specifier) => {
        const target = resolveRelative(file.fileName, specifier, exists);
        if (!target || !ours(target)) return [];
        return [{ from: relative(root, file.fileName), specifier, to: relative(root, target) }];
      }),
    )
    .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** Every run-time import between the service's files under `root`/src (tests left out). */
export function importGraph(root: string): Import[] {
  const srcDir = join(root, 'src');
  return withProject(root, join(root, 'tsconfig.json'), undefined, (files) =>
    importsUnder(files, root, srcDir, existsSync),
  );
}

/** The same for a few files given as text, e.g. `{ 'src/a/x.ts': "import { y } from '../b/y.js';" }`. */
export function importGraphOf(sources: Record<string, string>): Import[] {
  const root = '/virtual';
  const files: Record<string, string> = {
    [`${root}/tsconfig.json`]: JSON.stringify({
      compilerOptions: { module: 'NodeNext', noEmit: true },
      include: ['src'],
    }),
  };
  for (const [path, text] of Object.entries(sources)) files[`${root}/${path}`] = text;
  const exists = (path: string): boolean => path in files;
  return withProject(root, `${root}/tsconfig.json`, createVirtualFileSystem(files), (parsed) =>
    importsUnder(parsed, root, `${root}/src`, exists),
  );
}
