/**
 * The keys a zod schema allows at a field path, read from its definition, so
 * that an unknown key can be matched against the ones meant. Read
 * structurally: the templates' schemas come from their bundle's own copy of
 * zod, so `instanceof` would not recognise them.
 */
interface Definition {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
  getter?: () => unknown;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);

/** The keys of the mapping the schema expects at `fieldPath`; empty when it expects none there. */
export function keysAt(schema: unknown, fieldPath: readonly PropertyKey[]): string[] {
  let current = [schema];
  for (const segment of fieldPath) current = current.flatMap((item) => childrenOf(item, segment));
  return [...new Set(current.flatMap(objectKeys))];
}

function definitionOf(schema: unknown): Definition | undefined {
  return (schema as { _zod?: { def?: Definition } } | undefined)?._zod?.def;
}

/** The schemas themselves, with optional(), default(), pipes and unions seen through. */
function unwrap(schema: unknown, depth = 0): unknown[] {
  const def = definitionOf(schema);
  if (!def || depth > 20) return [];
  if (WRAPPERS.has(def.type)) return unwrap(def.innerType, depth + 1);
  if (def.type === 'pipe') return unwrap(def.in, depth + 1);
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter(), depth + 1);
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => unwrap(option, depth + 1));
  return [schema];
}

function childrenOf(schema: unknown, segment: PropertyKey): unknown[] {
  return unwrap(schema).flatMap((item) => {
    const def = definitionOf(item)!;
    if (def.type === 'object' && typeof segment === 'string' && def.shape && segment in def.shape) return [def.shape[segment]];
    if (def.type === 'array' && typeof segment === 'number') return [def.element];
    return [];
  });
}

function objectKeys(schema: unknown): string[] {
  return unwrap(schema).flatMap((item) => {
    const def = definitionOf(item)!;
    return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
  });
}
