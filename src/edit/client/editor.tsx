/**
 * The browser editor's page (served by `sitegen dev` at /__sitegen/edit):
 * the content files in a list, a form per file made from its schema, a
 * Markdown body, the build's errors at their fields as they are typed, a
 * preview that is the page as dev renders it, and a save the build checks
 * first. Its only way to the site is the editor's API, with the token its
 * page was served with.
 */
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Field, Fields, resolve, setIn, type Json, type FormContext } from './schema-form.tsx';
import './editor.css';

interface Entry { path: string; kind: string; format: 'yaml' | 'markdown'; group: string; label: string; route?: string; template?: string }
interface Problem { file?: string; field?: string; line?: number; column?: number; message: string; hint?: string }
interface Opened {
  entry: Entry; text: string; version: string; values?: unknown; body?: string; problem?: string; schema?: Json; problems: Problem[];
  /** The components its Markdown may name: each its props' schema, and whether it takes a body. */
  components?: Record<string, { props: Json; body: boolean }>;
}

const BASE = '/__sitegen/edit';
const token = document.querySelector<HTMLMetaElement>('meta[name="sitegen-edit-token"]')?.content ?? '';

async function call<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${BASE}/api/${path}`, {
    ...init, headers: { 'x-sitegen-edit-token': token, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  return { status: response.status, body: await response.json() as T };
}

/** A problem's words as a person reads them: where (a line), what, what to do. */
function wordsOf(problem: Problem): string {
  const where = problem.line ? `line ${problem.line}: ` : '';
  return `${where}${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`;
}

function App() {
  const [files, setFiles] = useState<Entry[]>([]);
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<Opened | undefined>();
  const [values, setValues] = useState<unknown>();
  const [body, setBody] = useState<string | undefined>();
  const [text, setText] = useState<string | undefined>();
  const [asText, setAsText] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [status, setStatus] = useState('');
  const [conflict, setConflict] = useState<string | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const [images, setImages] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const bodyBox = useRef<HTMLTextAreaElement>(null);
  const asked = useRef(0);

  useEffect(() => {
    void call<{ files: Entry[] }>('files').then(({ body: answer }) => setFiles(answer.files));
    const fromHash = () => decodeURIComponent(location.hash.slice(1));
    if (fromHash()) void open(fromHash());
    // A link to another file of the editor (#content/pages/about.yaml), or the browser's back button.
    const follow = () => void (fromHash() && open(fromHash()));
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);

  const open = useCallback(async (path: string) => {
    setStatus(`Opening ${path}…`);
    const { status: code, body: answer } = await call<Opened & { error?: string }>(`file?path=${encodeURIComponent(path)}`);
    if (code !== 200) return setStatus(answer.error ?? `could not open ${path}`);
    history.replaceState(null, '', `#${encodeURIComponent(path)}`);
    setOpened(answer);
    setValues(answer.values);
    setBody(answer.body);
    setText(answer.text);
    setAsText(answer.values === undefined);
    setProblems(answer.problems);
    setConflict(undefined);
    setDirty(false);
    setPreview(answer.entry.route !== undefined ? `${BASE}/preview${answer.entry.route}` : undefined);
    setStatus(answer.problems.length ? `Opened ${path}: the build reports ${answer.problems.length} problem${answer.problems.length === 1 ? '' : 's'} in it` : `Opened ${path}`);
    void call<{ images: string[] }>(`images?path=${encodeURIComponent(path)}`).then(({ body: found }) => setImages(found.images ?? []));
  }, []);

  const change = useMemo(() => (next: { values?: unknown; body?: string; text?: string }) => {
    if (!opened) return;
    setDirty(true);
    setStatus('Not saved yet');
    window.clearTimeout(timer.current);
    // The build checks the change, and the preview follows it, once typing pauses.
    timer.current = window.setTimeout(async () => {
      const ask = ++asked.current;
      const payload = next.text !== undefined ? { path: opened.entry.path, text: next.text } : { path: opened.entry.path, values: next.values, body: next.body };
      const isPage = opened.entry.route !== undefined;
      const { status: code, body: answer } = await call<{ problems?: Problem[]; url?: string }>(isPage ? 'preview' : 'check', { method: 'POST', body: JSON.stringify(payload) });
      if (ask !== asked.current) return;
      setProblems(answer.problems ?? []);
      if (code === 200 && answer.url) setPreview(`${answer.url}?draft=${ask}`);
    }, 350);
  }, [opened]);

  const context: FormContext | undefined = opened && {
    root: opened.schema ?? {},
    problems: new Map(Object.entries(problems.filter((problem) => problem.field && problem.file === opened.entry.path)
      .reduce<Record<string, string[]>>((byField, problem) => {
        (byField[problem.field!] ??= []).push(problem.message + (problem.hint ? ` (${problem.hint})` : ''));
        return byField;
      }, {}))),
    images,
    routes: files.filter((file) => file.route !== undefined).map((file) => file.route!),
    opened: opened.values,
    thumb: (src) => `${BASE}/image?src=${encodeURIComponent(src)}&page=${encodeURIComponent(opened.entry.path)}`,
    upload: async (file) => {
      // Beside a page that is a folder (news/a-post/index.md), else public/img/.
      const to = /\/index\.(md|markdown|ya?ml)$/.test(opened.entry.path) ? opened.entry.path.replace(/\/index\.[a-z]+$/, '') : 'public/img';
      const name = file.name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w.-]+/g, '-').replace(/^[^\w]+/, '');
      const response = await fetch(`${BASE}/api/upload?to=${encodeURIComponent(to)}&name=${encodeURIComponent(name)}`, {
        method: 'POST', headers: { 'x-sitegen-edit-token': token, 'content-type': 'application/octet-stream' }, body: file,
      });
      const answer = await response.json() as { src?: string; error?: string };
      if (!response.ok || !answer.src) return { error: answer.error ?? `the upload was refused (${response.status})` };
      setImages((known) => [answer.src!, ...known]);
      return { src: answer.src };
    },
    change: (path, value) => {
      const next = setIn(values, path, value);
      setValues(next);
      change({ values: next, body });
    },
  };

  async function save() {
    if (!opened) return;
    window.clearTimeout(timer.current);
    asked.current++;
    setStatus('Saving…');
    const payload = asText ? { path: opened.entry.path, version: opened.version, text } : { path: opened.entry.path, version: opened.version, values, body };
    const { status: code, body: answer } = await call<{ version?: string; changed?: boolean; problems?: Problem[]; error?: string }>('save', { method: 'POST', body: JSON.stringify(payload) });
    if (code === 200) {
      setOpened({ ...opened, version: answer.version!, values, body, text: text ?? opened.text });
      setProblems([]);
      setDirty(false);
      setStatus(answer.changed ? `Saved ${opened.entry.path}` : 'Nothing to save: the file already says this');
      if (opened.entry.route !== undefined) setPreview(`${BASE}/preview${opened.entry.route}?saved=${answer.version}`);
      return;
    }
    if (code === 409) {
      setConflict(answer.error);
      return setStatus('Not saved: the file changed since it was opened');
    }
    setProblems(answer.problems ?? [{ message: answer.error ?? `the save was refused (${code})` }]);
    setStatus(`Not saved: the build would fail (${(answer.problems ?? []).length || 1} problem${(answer.problems ?? []).length === 1 ? '' : 's'})`);
  }

  const shown = files.filter((file) => {
    const words = query.trim().toLowerCase();
    return !words || `${file.label} ${file.path} ${file.route ?? ''}`.toLowerCase().includes(words);
  });
  const groups = [...new Set(shown.map((file) => file.group))];
  const schema = opened?.schema ? resolve(opened.schema, opened.schema) : undefined;
  const fieldless = opened ? problems.filter((problem) => !problem.field || problem.file !== opened.entry.path || !context?.problems.has(problem.field)) : [];

  return (
    <div className="layout">
      <nav className="files" aria-label="Content files">
        <h1>Edit the site</h1>
        <NewPage files={files} onCreated={async (path) => {
          const { body: answer } = await call<{ files: Entry[] }>('files');
          setFiles(answer.files);
          await open(path);
        }} />
        <label htmlFor="file-search">Search files</label>
        <input id="file-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        {groups.map((group) => (
          <section key={group} aria-label={group}>
            <h2>{group}</h2>
            <ul>
              {shown.filter((file) => file.group === group).map((file) => (
                <li key={file.path}>
                  <a href={`#${encodeURIComponent(file.path)}`} aria-current={opened?.entry.path === file.path ? 'page' : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      if (dirty && !confirm('Leave this file without saving your change?')) return;
                      void open(file.path);
                    }}>
                    <span className="file-label">{file.label}</span>
                    <span className="file-path">{file.route ?? file.path.replace(/^content\//, '')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {shown.length === 0 && <p>No file matches “{query}”.</p>}
      </nav>
      <main className="edit" aria-label="The file">
        {!opened && <p className="hint">Choose a file on the left to change it.</p>}
        {opened && (
          <form onSubmit={(event) => { event.preventDefault(); void save(); }} aria-labelledby="editing-title" noValidate>
            <header className="bar">
              <div>
                <h2 id="editing-title">{opened.entry.label}</h2>
                <p className="file-path">
                  {opened.entry.path}
                  {opened.entry.route !== undefined && <> · becomes <a href={opened.entry.route} target="_blank" rel="noopener">{opened.entry.route}</a></>}
                </p>
              </div>
              <button type="submit" className="save">Save</button>
            </header>
            <p role="status" className="status">{status}</p>
            {conflict && (
              <div className="conflict" role="alert">
                <p>{conflict}</p>
                <button type="button" onClick={() => void open(opened.entry.path)}>Reload the file</button>
              </div>
            )}
            {fieldless.length > 0 && (
              <section className="problems" aria-labelledby="problems-title">
                <h3 id="problems-title">The build says</h3>
                <ul>{fieldless.map((problem, index) => <li key={index}>{problem.file && problem.file !== opened.entry.path ? `${problem.file}: ` : ''}{wordsOf(problem)}</li>)}</ul>
              </section>
            )}
            {opened.values !== undefined && (
              <p>
                <button type="button" className="link" onClick={() => setAsText(!asText)}>
                  {asText ? 'Edit as a form' : 'Edit the file’s text'}
                </button>
              </p>
            )}
            {asText ? (
              <div className="field">
                <label htmlFor="file-text">The file’s text ({opened.entry.format === 'markdown' ? 'Markdown with YAML front matter' : 'YAML'})</label>
                <textarea id="file-text" className="source" value={text} spellCheck={false} rows={24}
                  onChange={(event) => { setText(event.target.value); change({ text: event.target.value }); }} />
              </div>
            ) : (
              <>
                {context && (schema?.type === 'array' || Array.isArray(values)
                  // A data file that is a list (this site's logos): the list is the form.
                  ? <Field name={opened.entry.label.replace(/\.[a-z]+$/, '')} path={[]} schema={opened.schema} value={values} required context={context} />
                  : <Fields schema={schema ?? {}} value={(values ?? {}) as Json} path={[]} context={context} omit={opened.entry.format === 'markdown' ? ['body'] : []} />)}
                {opened.entry.format === 'markdown' && (
                  <div className="field">
                    <label htmlFor="body">Body (Markdown)</label>
                    <textarea id="body" ref={bodyBox} className="source" value={body ?? ''} rows={18}
                      onChange={(event) => { setBody(event.target.value); change({ values, body: event.target.value }); }} />
                  </div>
                )}
                {opened.entry.format === 'markdown' && context && opened.components && Object.keys(opened.components).length > 0 && (
                  <InsertComponent components={opened.components} context={context} onInsert={(block) => {
                    const box = bodyBox.current;
                    const text = body ?? '';
                    const at = box ? box.selectionStart : text.length;
                    // A block stands on lines of its own, with a blank line before and after.
                    const before = text.slice(0, at).replace(/\n*$/, at > 0 ? '\n\n' : '');
                    const after = text.slice(at).replace(/^\n*/, '\n');
                    const next = `${before}${block}${after}`;
                    setBody(next);
                    change({ values, body: next });
                  }} />
                )}
              </>
            )}
          </form>
        )}
      </main>
      {opened && preview && (
        <aside className="preview" aria-label="Preview">
          <iframe title={`Preview of ${opened.entry.route}`} src={preview} />
        </aside>
      )}
    </div>
  );
}

/**
 * "Insert a component": one of the components the site's Markdown allows, its props as a form made from its
 * schema, written into the body where the cursor is as the block the build reads (`::: Name`, its props, `---` and
 * its body when it takes one, `:::`).
 */
function InsertComponent({ components, context, onInsert }: {
  components: Record<string, { props: Json; body: boolean }>; context: FormContext; onInsert(block: string): void;
}) {
  const names = Object.keys(components).sort();
  const [name, setName] = useState(names[0]);
  const [props, setProps] = useState<unknown>({});
  const [inner, setInner] = useState('');
  const chosen = components[name];
  const own: FormContext = { ...context, problems: new Map(), opened: undefined, change: (path, value) => setProps((old: unknown) => setIn(old, path, value)) };
  return (
    <fieldset className="group insert">
      <legend>Insert a component</legend>
      <div className="field">
        <label htmlFor="component-name">Component</label>
        <select id="component-name" value={name} onChange={(event) => { setName(event.target.value); setProps({}); }}>
          {names.map((one) => <option key={one} value={one}>{one}</option>)}
        </select>
      </div>
      {chosen && <Fields schema={resolve(chosen.props, chosen.props)} value={(props ?? {}) as Json} path={[]} context={{ ...own, root: chosen.props }} />}
      {chosen?.body && (
        <div className="field">
          <label htmlFor="component-body">Its text (Markdown)</label>
          <textarea id="component-body" rows={3} value={inner} onChange={(event) => setInner(event.target.value)} />
        </div>
      )}
      <button type="button" onClick={() => {
        const lines = yamlLines(props);
        onInsert(`::: ${name}\n${lines}${chosen?.body ? `---\n${inner.replace(/\n*$/, '\n')}` : ''}:::`);
        setProps({});
        setInner('');
      }}>Insert {name} into the body</button>
    </fieldset>
  );
}

/** Props as the YAML lines of a block: `key: value`, a value quoted when plain YAML would read it otherwise. */
function yamlLines(value: unknown): string {
  const entries = Object.entries((value ?? {}) as Json).filter(([, item]) => item !== undefined && item !== '');
  return entries.map(([key, item]) => `${key}: ${typeof item === 'string' && /^[\w./][^:#\n]*$/.test(item) && !/^(true|false|null|~|[-+]?[\d.]+)$/i.test(item) ? item : JSON.stringify(item)}\n`).join('');
}

/** The folders of content/pages/ a page can be added to, each with what its pages are called in the list. */
function foldersOf(files: readonly Entry[]): string[] {
  const folders = new Set<string>(['content/pages']);
  for (const file of files) {
    if (file.kind !== 'page') continue;
    const folder = file.path.replace(/\/[^/]+$/, '');
    folders.add(/\/index\.[a-z]+$/.test(file.path) && folder !== 'content/pages' ? folder.replace(/\/[^/]+$/, '') : folder);
  }
  return [...folders].sort();
}

/** "New page": where, a title and a description; the page is made like the pages beside it, and opened. */
function NewPage({ files, onCreated }: { files: readonly Entry[]; onCreated(path: string): Promise<void> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [folder, setFolder] = useState('content/pages');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [said, setSaid] = useState<string[]>([]);
  return (
    <>
      <button type="button" className="new" onClick={() => { setSaid([]); dialog.current?.showModal(); }}>New page</button>
      <dialog ref={dialog} aria-labelledby="new-title">
        <form method="dialog" onSubmit={async (event) => {
          event.preventDefault();
          const { status, body } = await call<{ path?: string; problems?: Problem[]; error?: string }>('new', { method: 'POST', body: JSON.stringify({ folder, title, description }) });
          if (status === 201 && body.path) {
            dialog.current?.close();
            setTitle('');
            setDescription('');
            return onCreated(body.path);
          }
          setSaid(body.problems?.map(wordsOf) ?? [body.error ?? `refused (${status})`]);
        }}>
          <h2 id="new-title">New page</h2>
          <div className="field">
            <label htmlFor="new-folder">Folder</label>
            <select id="new-folder" value={folder} onChange={(event) => setFolder(event.target.value)}>
              {foldersOf(files).map((name) => <option key={name} value={name}>{name === 'content/pages' ? 'Pages (top level)' : name.slice('content/pages/'.length)}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor="new-page-title">Title</label>
            <input id="new-page-title" type="text" required value={title} onChange={(event) => setTitle(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="new-page-description">Description</label>
            <textarea id="new-page-description" rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          {said.length > 0 && <ul className="problems" role="alert">{said.map((line) => <li key={line}>{line}</li>)}</ul>}
          <div className="dialog-actions">
            <button type="button" onClick={() => dialog.current?.close()}>Cancel</button>
            <button type="submit" className="save">Create the page</button>
          </div>
        </form>
      </dialog>
    </>
  );
}

createRoot(document.getElementById('editor')!).render(<StrictMode><App /></StrictMode>);
