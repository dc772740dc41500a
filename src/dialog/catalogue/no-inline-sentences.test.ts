import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Node, SyntaxKind } from 'typescript/unstable/ast';
import { createVirtualFileSystem } from 'typescript/unstable/fs';
import { API } from 'typescript/unstable/sync';
import { describe, expect, it } from 'vitest';

// The catalogue holds every sentence the agent says (docs/agent.md, "Wording"): a sentence
// written into the engine, the slot table or the configuration's defaults fails here, naming
// its file and line. Strings are read with the TypeScript compiler's parser, so comments and
// regular expressions are never taken for sentences.

const DIALOG = fileURLToPath(new URL('../', import.meta.url));
const SCANNED = ['engine', 'slots', 'scoring', 'summary', 'config/agent-config.ts'];

function sourcesUnder(entry: string): string[] {
  const path = join(DIALOG, entry);
  if (entry.endsWith('.ts')) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(path, name));
}

/** A string's words with each `${...}` as {}. */
function textOf(node: Node): string | null {
  const n = node as Node & { text?: string; head?: Node & { text: string }; templateSpans?: readonly Node[] };
  if (n.kind === SyntaxKind.StringLiteral || n.kind === SyntaxKind.NoSubstitutionTemplateLiteral)
    return n.text ?? null;
  if (n.kind === SyntaxKind.TemplateExpression && n.head !== undefined) {
    const spans = (n.templateSpans ?? []).map(
      (span) => (span as Node & { literal: { text: string } }).literal.text,
    );
    return [n.head.text, ...spans].join('{}');
  }
  return null;
}

/**
 * Looks like words for a person: two words or more that end as a sentence does, or three or
 * more that start with a capital ("Existing seller chasing an offer").
 */
function looksLikeASentence(text: string): boolean {
  const trimmed = text.trim();
  // Words of two letters or more, with spaces between: a pattern's source ("\\d+(?:,\\d{3})") has neither.
  const words = (trimmed.match(/\p{L}[\p{L}'’-]*/gu) ?? []).filter((word) => word.length > 1);
  if (words.length < 2 || !/\s/.test(trimmed)) return false;
  return /[.?!]["”)]?$/.test(trimmed) || (/^\p{Lu}\p{Ll}/u.test(trimmed) && words.length >= 3);
}

/**
 * The only strings allowed to read like sentences: a schema's documentation for integrators
 * (zod's `.describe(...)` and a fact's `description`), which goes to the OpenAPI document and
 * the language model's instructions, never to a caller; and a vocabulary value's `label`, the
 * name the console shows for it ("Needs full renovation"), which is no sentence.
 */
function isDocumentationOrLabel(node: Node): boolean {
  const parent = node.parent as
    | (Node & { expression?: Node & { name?: { text?: string } }; name?: { text?: string } })
    | undefined;
  if (parent === undefined) return false;
  if (parent.kind === SyntaxKind.CallExpression) return parent.expression?.name?.text === 'describe';
  return (
    parent.kind === SyntaxKind.PropertyAssignment &&
    (parent.name?.text === 'description' || parent.name?.text === 'label')
  );
}

function inlineSentences(files: Record<string, string>): string[] {
  const root = '/virtual';
  const virtual: Record<string, string> = {
    [`${root}/tsconfig.json`]: JSON.stringify({ compilerOptions: { noEmit: true }, include: ['src'] }),
  };
  for (const [name, text] of Object.entries(files)) virtual[`${root}/src/${name}`] = text;
  const api = new API({ cwd: root, fs: createVirtualFileSystem(virtual) });
  const found: string[] = [];
  try {
    const project = api.updateSnapshot({ openProject: `${root}/tsconfig.json` }).getProjects()[0];
    for (const [name, text] of Object.entries(files)) {
      const file = project?.program.getSourceFile(`${root}/src/${name}`);
      if (file === undefined) throw new Error(`not parsed: ${name}`);
      const visit = (node: Node): void => {
        const said = textOf(node);
        if (said !== null && looksLikeASentence(said) && !isDocumentationOrLabel(node)) {
          const start = node.pos + (text.slice(node.pos).length - text.slice(node.pos).trimStart().length);
          const line = text.slice(0, start).split('\n').length;
          found.push(`${name}:${line}: ${said}`);
        }
        node.forEachChild((child) => {
          visit(child);
          return undefined;
        });
      };
      visit(file as unknown as Node);
    }
  } finally {
    api.close();
  }
  return found;
}

describe('sentences outside the catalogue', () => {
  it('finds none in the engine, the slot table, the scoring, the summary or the default configuration', () => {
    const files: Record<string, string> = {};
    for (const entry of SCANNED)
      for (const path of sourcesUnder(entry)) files[path.slice(DIALOG.length)] = readFileSync(path, 'utf8');
    expect(Object.keys(files).length).toBeGreaterThan(30);
    expect(inlineSentences(files)).toEqual([]);
  });

  it('would find one, however it is written, but not in a comment, a regular expression or a schema note', () => {
    const code = [
      "const a = 'No problem.';",
      // A template literal, with a placeholder in it.
      `const b = \`Would \${times} suit you?\`;`,
      'const c = "Existing seller chasing an offer";',
      '// "Just to check, is that right?"',
      "const d = /^(?:sorry|i didn't catch that)$/i;",
      "const e = z.string().describe('The first thing the agent says.');",
      "const f = { description: 'The price the seller hopes for, in pounds.' };",
      "const g = 'ask:phone';",
      "const h = { value: 'needs_full', label: 'Needs full renovation' };",
      String.raw`const i = '(\\d+(?:,\\d{3})*(?:\\.\\d+)?)';`,
    ].join('\n');
    expect(inlineSentences({ 'engine/x.ts': code })).toEqual([
      'engine/x.ts:1: No problem.',
      'engine/x.ts:2: Would {} suit you?',
      'engine/x.ts:3: Existing seller chasing an offer',
    ]);
  });
});
