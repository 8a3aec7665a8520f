/**
 * A form made from a JSON Schema (the one the build checks the file with):
 * text, long text, numbers, dates, yes/no, choices, lists to add to, remove
 * from and reorder, nested groups, and images. Every control has a visible
 * label tied to it; a field's description is its help text, and the build's
 * error for the field is shown under it as it is typed.
 */
import { useId, useState, type ReactNode } from 'react';

export type Json = Record<string, unknown>;

/** The schema keyword that says how to draw a field (src/template-api/schemas.ts EDITOR_KEY). */
const EDITOR = 'x-editor';
export type Path = (string | number)[];

export interface FormContext {
  root: Json;
  /** The build's messages by field path (`hero.title`, `items[2].text`). */
  problems: ReadonlyMap<string, string[]>;
  /** Images the site has, for the image fields' pickers (paths as a page writes them). */
  images: readonly string[];
  /** Saves an image file into the site (public/img/, or the page's own folder): its address for a `src`, or why not. */
  upload(file: File): Promise<{ src: string } | { error: string }>;
  /** The site's pages, for a link field's picker. */
  routes: readonly string[];
  /** The address of an image a field names, as the editor serves it for a thumbnail. */
  thumb(src: string): string;
  /** The values as the file was opened: a field stays where it was while it is typed in (see Fields). */
  opened: unknown;
  change(path: Path, value: unknown): void;
}

/** `hero.items[2].title`, as the build names a field. */
export function fieldName(path: Path): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');
}

/** A schema with its `$ref` followed and a nullable `anyOf` taken to its one kind. */
export function resolve(schema: Json | undefined, root: Json): Json {
  let current = schema ?? {};
  for (let guard = 0; guard < 20; guard++) {
    const ref = current.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const target = ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Json | undefined)?.[decodeURIComponent(key)], root) as Json | undefined;
      const { $ref: _ignored, ...rest } = current;
      current = { ...(target ?? {}), ...rest };
      continue;
    }
    const choices = (current.anyOf ?? current.oneOf) as Json[] | undefined;
    if (Array.isArray(choices)) {
      const real = choices.filter((choice) => choice.type !== 'null');
      if (real.length === 1) {
        const { anyOf: _a, oneOf: _o, ...rest } = current;
        current = { ...rest, ...real[0] };
        continue;
      }
      // Dates: YYYY-MM-DD or a date-time, both strings.
      if (real.length > 1 && real.every((choice) => choice.type === 'string')) {
        const { anyOf: _a, oneOf: _o, ...rest } = current;
        current = { ...rest, type: 'string', format: real.some((choice) => choice.format === 'date') ? 'date' : real[0].format };
        continue;
      }
    }
    return current;
  }
  return current;
}

/** `heroTitle` → "Hero title", `call_to_action` → "Call to action". */
export function labelOf(key: string | number, schema: Json): string {
  if (typeof schema.title === 'string' && schema.title.length < 60) return schema.title;
  if (typeof key === 'number') return `Item ${key + 1}`;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kindOf(schema: Json, value: unknown): string {
  const props = schema.properties as Json | undefined;
  if (props && 'src' in props && 'alt' in props) return 'image';
  if (Array.isArray(schema.enum)) return 'enum';
  if (schema.const !== undefined) return 'const';
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((one) => one !== 'null') : schema.type as string | undefined;
  if (type) return type;
  if (Array.isArray(value)) return 'array';
  if (value !== null && typeof value === 'object') return 'object';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'string';
}

/** An empty value of a schema's kind, for a list's new item. */
export function emptyOf(schema: Json, root: Json): unknown {
  const own = resolve(schema, root);
  if (own.default !== undefined) return structuredClone(own.default);
  switch (kindOf(own, undefined)) {
    case 'object': case 'image': {
      const out: Json = {};
      for (const key of (own.required as string[] | undefined) ?? []) out[key] = emptyOf((own.properties as Json)[key] as Json, root);
      return out;
    }
    case 'array': return [];
    case 'number': case 'integer': return 0;
    case 'boolean': return false;
    case 'enum': return (own.enum as unknown[])[0];
    default: return '';
  }
}

function Help({ id, schema, problems }: { id: string; schema: Json; problems: string[] | undefined }) {
  return (
    <>
      {typeof schema.description === 'string' && <p className="help" id={`${id}-help`}>{schema.description}</p>}
      {problems && problems.length > 0 && <p className="field-error" id={`${id}-error`}>{problems.join('; ')}</p>}
    </>
  );
}

function describedBy(id: string, schema: Json, problems: string[] | undefined): string | undefined {
  const ids = [typeof schema.description === 'string' ? `${id}-help` : '', problems?.length ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function Field({ name, path, schema: raw, value, required, context, label: given }: {
  name: string | number; path: Path; schema: Json | undefined; value: unknown; required: boolean; context: FormContext; label?: string;
}): ReactNode {
  const id = `f-${useId().replace(/:/g, '')}`;
  const schema = resolve(raw, context.root);
  const kind = kindOf(schema, value);
  const label = given ?? labelOf(name, schema);
  const problems = context.problems.get(fieldName(path));
  const invalid = problems && problems.length > 0 ? true : undefined;
  const described = describedBy(id, schema, problems);
  const mark = required ? <span className="required" aria-hidden="true"> *</span> : null;

  if (kind === 'object' || kind === 'image') {
    const object = (value && typeof value === 'object' ? value : {}) as Json;
    return (
      <fieldset className={`group${kind === 'image' ? ' image' : ''}`} aria-describedby={described} aria-invalid={invalid}>
        <legend>{label}{mark}</legend>
        <Help id={id} schema={schema} problems={problems} />
        {kind === 'image' && typeof object.src === 'string' && /^\.?\//.test(object.src) && (
          <img className="thumb" src={context.thumb(object.src)} alt="" />
        )}
        <Fields schema={schema} value={object} path={path} context={context} image={kind === 'image'} />
        {kind === 'image' && <Upload label={`Upload an image for ${label.toLowerCase()}`} onUploaded={(src) => context.change([...path, 'src'], src)} context={context} />}
      </fieldset>
    );
  }
  if (kind === 'array') {
    const list = Array.isArray(value) ? value : [];
    const items = (schema.items ?? {}) as Json;
    const itemLabel = labelOf(typeof name === 'string' ? name.replace(/s$/, '') : 'item', resolve(items, context.root));
    const move = (from: number, to: number) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item);
      context.change(path, next);
    };
    return (
      <fieldset className="group list" aria-describedby={described} aria-invalid={invalid}>
        <legend>{label}{mark}</legend>
        <Help id={id} schema={schema} problems={problems} />
        <ol>
          {list.map((item, index) => (
            <li key={index}>
              <Field name={index} label={`${itemLabel} ${index + 1}`} path={[...path, index]} schema={items} value={item} required={false} context={context} />
              <div className="item-actions" role="group" aria-label={`${itemLabel} ${index + 1}`}>
                <button type="button" onClick={() => move(index, index - 1)} disabled={index === 0}
                  aria-label={`Move ${itemLabel.toLowerCase()} ${index + 1} up`}>↑</button>
                <button type="button" onClick={() => move(index, index + 1)} disabled={index === list.length - 1}
                  aria-label={`Move ${itemLabel.toLowerCase()} ${index + 1} down`}>↓</button>
                <button type="button" onClick={() => context.change(path, list.filter((_, at) => at !== index))}
                  aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}>Remove</button>
              </div>
            </li>
          ))}
        </ol>
        <button type="button" className="add" onClick={() => context.change(path, [...list, emptyOf(items, context.root)])}>
          Add {itemLabel.toLowerCase()}
        </button>
      </fieldset>
    );
  }

  let control: ReactNode;
  if (kind === 'boolean') {
    return (
      <div className="field check">
        <input id={id} type="checkbox" checked={(value ?? schema.default) === true} aria-describedby={described} aria-invalid={invalid}
          onChange={(event) => context.change(path, event.target.checked)} />
        <label htmlFor={id}>{label}{mark}</label>
        <Help id={id} schema={schema} problems={problems} />
      </div>
    );
  }
  if (kind === 'const') {
    control = <input id={id} type="text" value={String(schema.const)} readOnly aria-describedby={described} />;
  } else if (kind === 'enum') {
    const options = schema.enum as unknown[];
    control = (
      <select id={id} value={value === undefined ? '' : String(value)} aria-describedby={described} aria-invalid={invalid} required={required}
        onChange={(event) => context.change(path, event.target.value === '' ? undefined : options.find((option) => String(option) === event.target.value))}>
        {(!required || value === undefined) && <option value="">(none)</option>}
        {options.map((option) => <option key={String(option)} value={String(option)}>{String(option)}</option>)}
      </select>
    );
  } else if (kind === 'number' || kind === 'integer') {
    control = (
      <input id={id} type="number" inputMode={kind === 'integer' ? 'numeric' : 'decimal'} step={kind === 'integer' ? 1 : 'any'}
        value={typeof value === 'number' ? value : ''} aria-describedby={described} aria-invalid={invalid} required={required}
        min={typeof schema.minimum === 'number' ? schema.minimum : undefined} max={typeof schema.maximum === 'number' && schema.maximum < 1e15 ? schema.maximum : undefined}
        onChange={(event) => context.change(path, event.target.value === '' ? undefined : Number(event.target.value))} />
    );
  } else if (schema.format === 'date' && (value === undefined || value === '' || /^\d{4}-\d{2}-\d{2}$/.test(String(value)))) {
    control = (
      <input id={id} type="date" value={typeof value === 'string' ? value : ''} aria-describedby={described} aria-invalid={invalid} required={required}
        onChange={(event) => context.change(path, event.target.value === '' ? undefined : event.target.value)} />
    );
  } else if (schema[EDITOR] === 'color' && (value === undefined || /^#[0-9a-f]{6}$/i.test(String(value)))) {
    control = (
      <input id={id} type="color" value={typeof value === 'string' ? value : '#000000'} aria-describedby={described} aria-invalid={invalid}
        onChange={(event) => context.change(path, event.target.value)} />
    );
  } else {
    const text = value === undefined || value === null ? '' : String(value);
    const widget = schema[EDITOR];
    const long = widget === 'textarea' || (widget !== 'text' && (text.includes('\n') || text.length > 90 || (typeof schema.maxLength === 'number' && schema.maxLength > 200)));
    const common = {
      id, value: text, 'aria-describedby': described, 'aria-invalid': invalid, required,
      maxLength: typeof schema.maxLength === 'number' ? schema.maxLength : undefined,
    };
    const set = (next: string) => context.change(path, next === '' && !required ? undefined : next);
    // A picker: the site's images for an image's src, its pages for a link (the build checks the target as it is typed).
    const choices = /(^|\.)src$/.test(fieldName(path)) ? context.images : widget === 'link' ? context.routes : undefined;
    const listId = choices ? `${id}-choices` : undefined;
    control = long
      ? <textarea {...common} rows={Math.min(12, Math.max(3, text.split('\n').length + 1))} onChange={(event) => set(event.target.value)} />
      : <input {...common} type="text" list={listId} onChange={(event) => set(event.target.value)} />;
    if (choices) {
      control = (
        <>
          {control}
          <datalist id={listId}>{choices.map((choice) => <option key={choice} value={choice} />)}</datalist>
        </>
      );
    }
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}{mark}</label>
      {control}
      <Help id={id} schema={schema} problems={problems} />
    </div>
  );
}

/** A file picker that saves the chosen image into the site and hands back its address; the build's refusal, said beside it. */
function Upload({ label, onUploaded, context }: { label: string; onUploaded(src: string): void; context: FormContext }) {
  const id = `u-${useId().replace(/:/g, '')}`;
  const [said, setSaid] = useState('');
  return (
    <div className="field upload">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept="image/png,image/jpeg,image/gif,image/webp,image/avif,image/svg+xml" aria-describedby={`${id}-said`}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setSaid(`Uploading ${file.name}…`);
          const answer = await context.upload(file);
          if ('error' in answer) return setSaid(answer.error);
          setSaid(`Uploaded as ${answer.src}`);
          onUploaded(answer.src);
        }} />
      <p className="help" id={`${id}-said`} role="status">{said}</p>
    </div>
  );
}

/**
 * An object's fields: those it has and those the schema requires, in the schema's order, then the optional ones it
 * does not have, folded away under "More fields" until one is given a value.
 */
export function Fields({ schema, value, path, context, image = false, omit = [] }: {
  schema: Json; value: Json; path: Path; context: FormContext; image?: boolean; omit?: readonly string[];
}) {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const keys = [...new Set([...Object.keys(properties), ...Object.keys(value)])].filter((key) => !omit.includes(key));
  // An image's size is read from the file: not asked.
  const before = getIn(context.opened, path) as Json | undefined;
  const shown = keys.filter((key) => before?.[key] !== undefined || required.has(key) || (before === undefined && value[key] !== undefined));
  const more = keys.filter((key) => !shown.includes(key) && !(image && (key === 'width' || key === 'height')));
  const field = (key: string) => (
    <Field key={key} name={key} path={[...path, key]} schema={properties[key] ?? {}} value={value[key]} required={required.has(key)} context={context} />
  );
  return (
    <>
      {shown.map(field)}
      {more.length > 0 && (
        <details className="more">
          <summary>More fields{path.length ? ` of ${labelOf(path[path.length - 1], {}).toLowerCase()}` : ''} ({more.length})</summary>
          {more.map(field)}
        </details>
      )}
    </>
  );
}

export function getIn(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key as string] : undefined), value);
}

/** The value with `path` set to `next` (undefined removes the key). */
export function setIn(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value) || typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head as number] = setIn(list[head as number], rest, next);
    return list;
  }
  const object = { ...(value && typeof value === 'object' ? value as Json : {}) };
  const inner = setIn(object[head], rest, next);
  if (inner === undefined) delete object[head];
  else object[head] = inner;
  return object;
}
