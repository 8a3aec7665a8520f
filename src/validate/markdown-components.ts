/**
 * The component blocks of a Markdown body (src/markdown/markdown-components.ts)
 * against what templates/markdown.ts allows: the name, the props against the
 * component's schema and, for an island, the moment it hydrates. Each error
 * points at the .md file's own line: the block's, or the prop's.
 */
import { SiteError } from '../errors.ts';
import { didYouMean } from '../did-you-mean.ts';
import { parseYamlIn } from '../yaml-source.ts';
import { HYDRATE_STRATEGIES, type HydrateStrategy } from '../client/hydration-moment.ts';
import type { MarkdownComponentCall } from '../markdown/markdown-components.ts';
import type { MarkdownBlock, MarkdownComponent, MarkdownComponents, RawDoc, SiteTemplates } from '../model.ts';
import { CODE_ENTRY } from '../markdown/markdown-extensions.ts';
import type { ValidationNotes, ValidationScope } from '../template-api/scope.ts';
import { asObject, checkInScope, fieldError } from './issues.ts';
import { positionInBody } from './markdown-links.ts';

/** An island's block hydrates when it scrolls into view unless templates/markdown.ts or the block says otherwise. */
const DEFAULT_HYDRATE: HydrateStrategy = 'visible';

/** The blocks validated, in order; undefined when any is wrong (the errors are in `errors`). */
export function checkMarkdownComponents(
  doc: RawDoc, calls: readonly MarkdownComponentCall[], allowed: MarkdownComponents,
  runScoped: SiteTemplates['withValidationScope'], scope: ValidationScope, errors: SiteError[], notes?: ValidationNotes,
): MarkdownBlock[] | undefined {
  const blocks: MarkdownBlock[] = [];
  let ok = true;
  for (const call of calls) {
    const { line } = positionInBody(doc, call.offset);
    const block = checkBlock(doc, call, line, allowed, runScoped, scope, errors, notes);
    if (block) blocks.push(block);
    else ok = false;
  }
  return ok ? blocks : undefined;
}

function checkBlock(
  doc: RawDoc, call: MarkdownComponentCall, line: number, allowed: MarkdownComponents,
  runScoped: SiteTemplates['withValidationScope'], scope: ValidationScope, errors: SiteError[], notes?: ValidationNotes,
): MarkdownBlock | undefined {
  const at = (message: string, hint?: string) => new SiteError('content', message, { location: { file: doc.file, line, column: 1 }, hint });
  if (!call.closed) {
    errors.push(at(`the ${call.name} block has no closing ::: line`, 'end the block with a line of three colons (:::) after its props'));
    return undefined;
  }
  const entry = Object.hasOwn(allowed, call.name) ? allowed[call.name] : undefined;
  // A code block's place: the site's `code` entry (a copy button) when it has one; nothing, and no error, when not.
  if (call.implicit) return entry ? checkProps(doc, call, line, entry, runScoped, scope, errors, notes) : { name: call.name, props: {} };
  if (call.name === CODE_ENTRY) {
    errors.push(at(`"${CODE_ENTRY}" is what each code block shows beside its code, not a block of its own`,
      'write the code as a fenced block (```): the site adds the code entry of templates/markdown.ts to each'));
    return undefined;
  }
  if (!entry) {
    const names = Object.keys(allowed);
    const suggestion = didYouMean(call.name, names);
    errors.push(at(`no component named "${call.name}" may be used in Markdown${suggestion ? `: ${suggestion}` : ''}`,
      names.length ? `the components are: ${names.join(', ')} (templates/markdown.ts)` : 'templates/markdown.ts lists the components a Markdown body may use, and this site lists none'));
    return undefined;
  }
  if (call.body && (entry.island !== undefined || !entry.body)) {
    errors.push(at(`the ${call.name} block has a Markdown body (after its --- line), which ${call.name} does not take`,
      entry.island !== undefined
        ? `${call.name} is interactive, and its props are all it is given: say it in its props`
        : `say it in its props, or (for the site's developer) give ${call.name} \`body: true\` in templates/markdown.ts and render its children`));
    return undefined;
  }
  return checkProps(doc, call, line, entry, runScoped, scope, errors, notes);
}

/**
 * A YAML error in props that hold a blank line is most often a second paragraph written as the first was: said so,
 * with the two ways to write one (a block scalar, or the component's Markdown body when it takes one).
 */
function paragraphsHint(error: SiteError, call: MarkdownComponentCall, entry: MarkdownComponent): SiteError {
  if (!(error instanceof SiteError) || error.code !== 'yaml-syntax' || !/\n[ \t]*\n/.test(call.props.trim())) return error;
  const body = entry.body && entry.island === undefined
    ? `; or, since ${call.name} takes Markdown, write the words after a --- line below its other props`
    : '';
  return new SiteError(error.code, error.message, {
    location: error.location, field: error.field, origin: error.origin, cause: error.cause,
    hint: `text of several paragraphs is written \`text: |\` with every line below it indented two spaces${body}`,
  });
}

function checkProps(
  doc: RawDoc, call: MarkdownComponentCall, line: number, entry: MarkdownComponent,
  runScoped: SiteTemplates['withValidationScope'], scope: ValidationScope, errors: SiteError[], notes?: ValidationNotes,
): MarkdownBlock | undefined {
  let props: RawDoc;
  try {
    props = parseYamlIn(doc.file, call.props, line);
  } catch (error) {
    errors.push(paragraphsHint(error as SiteError, call, entry));
    return undefined;
  }
  const data = call.props.trim() === '' ? {} : asObject(props, errors);
  let hydrate: HydrateStrategy | undefined;
  if (entry.island !== undefined) {
    hydrate = entry.hydrate ?? DEFAULT_HYDRATE;
    if ('hydrate' in data) {
      const asked = data.hydrate;
      delete data.hydrate;
      if (!(HYDRATE_STRATEGIES as readonly unknown[]).includes(asked)) {
        errors.push(fieldError(props, ['hydrate'], `hydrate is ${JSON.stringify(asked)}, which is not one of ${HYDRATE_STRATEGIES.join(', ')}`,
          'visible hydrates when the block scrolls into view, interaction when the visitor reaches into it, idle when the browser is idle, load at once'));
        return undefined;
      }
      hydrate = asked as HydrateStrategy;
    }
  }
  const parsed = checkInScope(props, entry.schema, data, runScoped, scope, errors, notes);
  if (parsed === undefined) return undefined;
  return {
    name: call.name, props: parsed as Record<string, unknown>, ...(hydrate ? { hydrate } : {}), ...(call.implicit ? { implicit: true } : {}),
    ...(call.body ? { body: true } : {}),
  };
}
