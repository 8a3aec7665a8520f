import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { afterSubmit, contactForm, demoForm, initialState, withValue, type FormSpec, type FormState } from '../../templates/lib/forms.ts';
import { validateSubmission } from '../../server/contact.ts';
import { announce, outcomeOf, postJson, type Outcome } from '../../templates/lib/submit.ts';

/** Types each field of the spec with `field-value`, as a visitor would. */
function fill(spec: FormSpec<unknown>, state: FormState): FormState {
  return spec.fields.reduce((next, field) => withValue(next, field.name, `${field.name}-value`), state);
}

test('contact starts empty with request_type "contact"', () => {
  assert.equal(initialState(contactForm), { request_type: 'contact', name: '', company_name: '', email_id: '', mobile_number: '', message: '' });
});

test('demo starts empty with request_type "demo"', () => {
  assert.equal(initialState(demoForm), { request_type: 'demo', name: '', lastname: '', company_name: '', email_id: '', mobile_number: '' });
});

test('typing updates the matching field only', () => {
  const state = withValue(initialState(demoForm), 'company_name', 'Acme');
  assert.equal(state, { ...initialState(demoForm), company_name: 'Acme' });
});

test('the contact payload has exactly the spec keys, in order', () => {
  const payload = contactForm.payload(fill(contactForm, initialState(contactForm)));
  assert.equal(Object.keys(payload), ['name', 'request_type', 'company_name', 'email_id', 'mobile_number', 'message']);
  assert.equal(payload, {
    name: 'name-value', request_type: 'contact', company_name: 'company_name-value',
    email_id: 'email_id-value', mobile_number: 'mobile_number-value', message: 'message-value',
  });
});

test('the demo payload carries message null and lastname; a second submit carries request_type ""', () => {
  const first = demoForm.payload(fill(demoForm, initialState(demoForm)));
  assert.equal(JSON.stringify(first), JSON.stringify({
    name: 'name-value', request_type: 'demo', company_name: 'company_name-value', email_id: 'email_id-value',
    mobile_number: 'mobile_number-value', message: null, lastname: 'lastname-value',
  }));
  const second = demoForm.payload(fill(demoForm, afterSubmit(fill(demoForm, initialState(demoForm)))));
  assert.is(second.request_type, '', 'the second submit should carry an empty request_type');
  assert.is(second.message, null);
});

test('after a submit every field and request_type are empty', () => {
  for (const spec of [contactForm, demoForm] as FormSpec<unknown>[]) {
    const cleared = afterSubmit(fill(spec, initialState(spec)));
    assert.ok(Object.values(cleared).every((value) => value === ''), `${spec.id}: not all cleared: ${JSON.stringify(cleared)}`);
    assert.equal(Object.keys(cleared).sort(), Object.keys(initialState(spec)).sort(), `${spec.id}: lost or gained keys`);
  }
});

test('required fields follow spec §5: the demo last name shows a star but is not required', () => {
  const required = (spec: FormSpec<unknown>) => spec.fields.filter((field) => field.required).map((field) => field.name);
  assert.equal(required(contactForm), ['name', 'company_name', 'email_id', 'mobile_number', 'message']);
  assert.equal(required(demoForm), ['name', 'company_name', 'email_id', 'mobile_number']);
  assert.ok(demoForm.fields.find((field) => field.name === 'lastname')?.star, 'lastname should show the star');
});

test('what each form sends is what the reference API accepts, and a field the form requires is required there too', () => {
  for (const spec of [contactForm, demoForm] as FormSpec<unknown>[]) {
    const filled = spec.fields.reduce((state, field) => withValue(state, field.name, `${field.name} text`), initialState(spec));
    // The second submit of a visit carries request_type "" (spec §4).
    for (const state of [filled, { ...filled, request_type: '' }]) {
      const result = validateSubmission(spec.payload(state));
      assert.ok(result.ok, `${spec.id} with request_type "${state.request_type}": ${JSON.stringify(result)}`);
    }
    for (const field of spec.fields.filter((candidate) => candidate.required)) {
      const result = validateSubmission(spec.payload(withValue(filled, field.name, '')));
      assert.equal(result, { ok: false, field: field.name, error: `${field.name} is required` }, `${spec.id} without ${field.name}`);
    }
  }
});

test('only 200 is success; another 2xx is silent; everything else is an error', () => {
  const cases: [number, Outcome][] = [[200, 'success'], [201, 'silent'], [204, 'silent'], [299, 'silent'], [199, 'error'], [302, 'error'], [400, 'error'], [500, 'error']];
  for (const [status, outcome] of cases) assert.is(outcomeOf(status), outcome, `status ${status}`);
});

/** Runs fn with console.error captured. */
async function capturingErrors<T>(fn: () => Promise<T>): Promise<{ result: T; logged: unknown[][] }> {
  const original = console.error;
  const logged: unknown[][] = [];
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    return { result: await fn(), logged };
  } finally {
    console.error = original;
  }
}

test('postJson sends JSON with its content type and reads only the status', async () => {
  let seen: { url: string; init: RequestInit } | undefined;
  const fetcher = (async (url: string, init: RequestInit) => {
    seen = { url, init };
    return new Response('not json', { status: 200 });
  }) as unknown as typeof fetch;
  const outcome = await postJson('/api/contact', { message: null }, fetcher);
  assert.is(outcome, 'success');
  assert.is(seen?.url, '/api/contact');
  assert.is(seen?.init.method, 'POST');
  const headers = seen?.init.headers as Record<string, string>;
  assert.is(headers['Content-Type'], 'application/json');
  assert.match(headers['Idempotency-Key'], /^[0-9a-f]{32}$/, 'a key for a call to this site');
  assert.equal(Object.keys(headers).sort(), ['Content-Type', 'Idempotency-Key']);
  assert.is(seen?.init.body, '{"message":null}');
});

test('postJson sends a lost request once more with the same key; another origin gets no key and no retry', async () => {
  const keys: string[] = [];
  let calls = 0;
  const losingFirst = (async (_url: string, init: RequestInit) => {
    keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
    if (++calls === 1) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 200 });
  }) as unknown as typeof fetch;
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    assert.is(await postJson('/api/contact', {}, losingFirst), 'success');
  } finally {
    console.warn = warn;
  }
  assert.is(keys.length, 2, 'sent twice');
  assert.is(keys[0], keys[1], 'with one key');
  const second = await postJson('/api/contact', {}, (async (_url: string, init: RequestInit) => {
    keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
    return new Response(null, { status: 200 });
  }) as unknown as typeof fetch);
  assert.is(second, 'success');
  assert.is.not(keys[2], keys[0], 'a new submit, a new key');
  let elsewhere = 0;
  const other = await capturingErrors(() => postJson('https://api.provider.example/contact', {}, (async (_url: string, init: RequestInit) => {
    elsewhere += 1;
    assert.is((init.headers as Record<string, string>)['Idempotency-Key'], undefined, 'no key to another origin');
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch));
  assert.is(other.result, 'error');
  assert.is(elsewhere, 1, 'no retry without a key');
});

test('postJson logs a non-2xx answer and a network failure as errors', async () => {
  const answering = (status: number) => (async () => new Response(null, { status })) as unknown as typeof fetch;
  const failing = (async () => { throw new TypeError('Failed to fetch'); }) as unknown as typeof fetch;
  const server = await capturingErrors(() => postJson('/x', {}, answering(500)));
  assert.is(server.result, 'error');
  assert.is(server.logged.length, 1, 'a 500 was not logged');
  const network = await capturingErrors(() => postJson('/x', {}, failing));
  assert.is(network.result, 'error');
  assert.match(String(network.logged[0]?.[0]), 'Failed to fetch');
  const created = await capturingErrors(() => postJson('/x', {}, answering(201)));
  assert.is(created.result, 'silent');
  assert.is(created.logged.length, 0, 'a 201 was logged');
});

test('announce shows green on success, red on error, nothing when silent', () => {
  const shown: [string, string][] = [];
  const show = (message: string, kind: 'success' | 'error') => void shown.push([message, kind]);
  const messages = { success: 'Details submitted successfully', error: 'Error submitting details' };
  announce('success', messages, show);
  announce('error', messages, show);
  announce('silent', messages, show);
  assert.equal(shown, [['Details submitted successfully', 'success'], ['Error submitting details', 'error']]);
});

test.run();
