import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed YAML is untyped */
export type Manifest = any;

interface PatchOperation {
  readonly op: string;
  readonly path: string;
  readonly value?: unknown;
}

interface Patch {
  readonly target?: { readonly kind?: string; readonly name?: string };
  readonly patch?: string;
}

/** What these tests know how to build; anything else in a kustomization fails the test instead of being ignored. */
const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'patches']);

/** The parsed documents of one manifest file, each a resource; a YAML error names the file. */
export function manifestsOf(path: string): Manifest[] {
  return parseAllDocuments(readFileSync(path, 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${path}: ${document.errors[0].message}`);
    return document.toJS();
  });
}

export function kustomizationOf(directory: string): Manifest {
  const kustomization = parse(readFileSync(join(directory, 'kustomization.yaml'), 'utf8'));
  const unknown = Object.keys(kustomization).filter((field) => !KNOWN_FIELDS.has(field));
  if (unknown.length > 0) throw new Error(`${directory}/kustomization.yaml: ${unknown.join(', ')} not understood`);
  return kustomization;
}

/**
 * The resources `kubectl kustomize <directory>` outputs, for the subset of kustomize these manifests use:
 * resources (files, or directories holding a kustomization), a namespace, and JSON 6902 patches by target kind
 * and name with `replace` and `add`. Machines without kubectl still check the overlays with it; where kubectl
 * exists, the spec compares the two.
 */
export function buildKustomization(directory: string): Manifest[] {
  const kustomization = kustomizationOf(directory);
  const resources = (kustomization.resources ?? []).flatMap((entry: string) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? buildKustomization(path) : manifestsOf(path);
  });
  for (const resource of resources) {
    if (kustomization.namespace && resource.kind !== 'Namespace') resource.metadata.namespace = kustomization.namespace;
  }
  for (const { target, patch } of (kustomization.patches ?? []) as Patch[]) {
    if (!target?.kind || !patch) throw new Error(`${directory}: only inline patches with a target kind are built`);
    const matches = resources.filter(
      (resource: Manifest) =>
        resource.kind === target.kind && (target.name === undefined || resource.metadata.name === target.name),
    );
    if (matches.length === 0) throw new Error(`${directory}: a patch targets no ${target.kind} ${target.name ?? ''}`);
    for (const resource of matches)
      for (const operation of parse(patch) as PatchOperation[]) apply(resource, operation);
  }
  return resources;
}

function apply(resource: Manifest, { op, path, value }: PatchOperation): void {
  const keys = path.split('/').slice(1);
  const last = keys.pop();
  const parent = keys.reduce((node: Manifest, key) => node?.[key], resource);
  if (parent === undefined || last === undefined) throw new Error(`${resource.kind}: no ${path}`);
  if (op === 'replace' && !(last in parent)) throw new Error(`${resource.kind} ${resource.metadata.name}: no ${path}`);
  if (op !== 'replace' && op !== 'add') throw new Error(`patch operation ${op} is not built here`);
  parent[last] = value;
}

/** Every file or directory a kustomization lists that does not exist. */
export function missingResources(directory: string): string[] {
  return (kustomizationOf(directory).resources ?? []).filter((entry: string) => !existsSync(join(directory, entry)));
}

/** A CPU quantity in millicores ("250m", "2"). */
export function millicores(quantity: string | number): number {
  const text = String(quantity);
  return text.endsWith('m') ? Number(text.slice(0, -1)) : Number(text) * 1000;
}

const BINARY_UNITS: Readonly<Record<string, number>> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };

/** A memory quantity in bytes ("256Mi"). */
export function bytes(quantity: string | number): number {
  const match = /^(\d+)(Ki|Mi|Gi)?$/.exec(String(quantity));
  if (!match) throw new Error(`memory quantity ${quantity} is not understood`);
  return Number(match[1]) * (match[2] ? BINARY_UNITS[match[2]] : 1);
}
