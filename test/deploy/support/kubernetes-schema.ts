import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as ts from 'typescript';
import { type KubernetesObject, ROOT } from './kubectl';

/**
 * Validates rendered objects against the Kubernetes API's schemas, as shipped by the npm
 * package kubernetes-models (generated from the API's OpenAPI document; docs/stack.md):
 * - its validators (JSON Schema, compiled by ajv) check types, formats, enums and
 *   required fields; a kind or apiVersion the API does not have is an error too;
 * - the API's schemas allow unknown fields (the server drops or refuses them), so a
 *   misspelt field would pass: its TypeScript declarations of the same schemas are
 *   checked too, with each object as an object literal, where an unknown field at any
 *   depth is an error (kubeconform's "strict" does the same by closing the schemas).
 * Returns one line per problem, naming the object; none when everything is valid.
 */
export function schemaProblems(objects: readonly KubernetesObject[]): string[] {
  const known = objects.filter((object) => modelOf(object) !== undefined);
  const unknown = objects
    .filter((object) => modelOf(object) === undefined)
    .map((object) => `${nameOf(object)}: ${object.apiVersion} ${object.kind} is not a kind of the Kubernetes API`);
  return [...unknown, ...known.flatMap(validatorProblems), ...unknownFieldProblems(known)];
}

const load = createRequire(__filename);

interface Model {
  validate(): void;
}

function modulePath(object: KubernetesObject): string {
  return `kubernetes-models/${object.apiVersion}/${object.kind}`;
}

function modelOf(object: KubernetesObject): (new (data: unknown) => Model) | undefined {
  if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string' || !/^[A-Za-z0-9.]+(\/[a-z0-9]+)?$/.test(object.apiVersion))
    return undefined;
  try {
    return (load(modulePath(object)) as Record<string, new (data: unknown) => Model>)[object.kind];
  } catch {
    return undefined;
  }
}

export function nameOf(object: KubernetesObject): string {
  return `${object.kind}/${object.metadata?.name ?? '(no name)'}`;
}

function validatorProblems(object: KubernetesObject): string[] {
  const Model = modelOf(object);
  if (!Model) return [];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [`${nameOf(object)}: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** Type-checks `const o<i>: I<Kind> = <object>;` for every object, in memory. */
function unknownFieldProblems(objects: readonly KubernetesObject[]): string[] {
  const fileName = join(ROOT, 'test/deploy/rendered-objects.check.ts');
  const owners: Array<{ firstLine: number; object: KubernetesObject }> = [];
  let source = '';
  objects.forEach((object, i) => {
    owners.push({ firstLine: source.split('\n').length - 1, object });
    source += `export const o${i}: import(${JSON.stringify(modulePath(object))}).I${object.kind} = ${JSON.stringify(object, null, 1)};\n`;
  });
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  };
  const host = ts.createCompilerHost(options);
  const original = {
    getSourceFile: host.getSourceFile.bind(host),
    fileExists: host.fileExists.bind(host),
    readFile: host.readFile.bind(host),
  };
  host.getSourceFile = (name, language, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, language) : original.getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === fileName || original.fileExists(name);
  host.readFile = (name) => (name === fileName ? source : original.readFile(name));
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === fileName)
    .map((diagnostic) => {
      const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const owner = owners.filter((candidate) => candidate.firstLine <= line).at(-1);
      const where = source.split('\n')[line]?.trim() ?? '';
      return `${owner ? nameOf(owner.object) : '?'}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')} (at ${where})`;
    });
}
