/**
 * A module resolution hook for the test runner (run.ts registers it): every
 * `import ... from 'uvu'` gets the harness's wrapper instead, except the
 * wrapper's own import of the real uvu. Plain JavaScript because it runs in
 * Node's hooks thread, before any TypeScript loader.
 */
let wrapper;

export function initialize(data) {
  wrapper = data.wrapper;
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'uvu' && context.parentURL !== wrapper) return { url: wrapper, shortCircuit: true };
  return nextResolve(specifier, context);
}
