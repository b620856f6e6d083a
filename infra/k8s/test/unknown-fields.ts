// The JSON schemas of kubernetes-models accept fields they do not know, which kubectl (strict field
// validation, its default) and the API server refuse. The package's TypeScript types come from the
// same OpenAPI description, and TypeScript refuses an unknown property in an object literal: each
// manifest is written as a literal of its kind's type and type-checked, in memory.
import path from 'node:path';
import ts from 'typescript';
import { k8sDir, type Manifest } from './manifests';

const virtualFile = path.join(k8sDir, 'test', '__manifests-as-literals.ts');

/** `apps/v1` + `Deployment` → the module and interface kubernetes-models declares for it. */
function typeOf(manifest: Manifest): { module: string; name: string } {
  return { module: `kubernetes-models/${manifest.apiVersion}/${manifest.kind}`, name: `I${manifest.kind}` };
}

/**
 * For each manifest, what TypeScript says about it as a literal of its kind's type: unknown or
 * misplaced fields, wrong types. An empty list when every manifest is accepted.
 */
export function fieldProblems(manifests: Manifest[]): Array<{ manifest: Manifest; problems: string[] }> {
  const imports = manifests.map((manifest, index) => `import type { ${typeOf(manifest).name} as T${index} } from '${typeOf(manifest).module}';`);
  const literals = manifests.map((manifest, index) => `export const m${index}: T${index} = ${JSON.stringify(manifest)};`);
  const source = [...imports, ...literals].join('\n');
  const firstLiteralLine = imports.length;

  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === virtualFile ? source : readFile(file));
  host.fileExists = (file) => file === virtualFile || ts.sys.fileExists(file);
  host.getSourceFile = (file, languageVersion, ...rest) =>
    file === virtualFile ? ts.createSourceFile(file, source, languageVersion) : getSourceFile(file, languageVersion, ...rest);
  const program = ts.createProgram([virtualFile], options, host);

  const problems = new Map<number, string[]>();
  for (const diagnostic of [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()]) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file?.fileName !== virtualFile || diagnostic.start === undefined) throw new Error(`type-checking the manifests failed: ${message}`);
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const index = line - firstLiteralLine;
    if (index < 0) throw new Error(`no TypeScript type for a manifest: ${message}`);
    problems.set(index, [...(problems.get(index) ?? []), message]);
  }
  return [...problems].map(([index, messages]) => ({ manifest: manifests[index], problems: messages }));
}
