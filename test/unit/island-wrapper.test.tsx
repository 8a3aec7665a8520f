/** The <Island> element: its hydration moment in the HTML, and a clear error for a moment that does not exist. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderToString } from 'react-dom/server';
import { Island, IslandContext, type IslandRegistry } from '../../src/render/island-wrapper.tsx';

const Hello = ({ name }: { name: string }) => <p>{`Hello ${name}`}</p>;

function render(hydrate?: string, margin?: string) {
  const registry: IslandRegistry = { chunks: { hello: '/assets/hello-1.js' }, used: new Set(), onLoad: new Set() };
  const html = renderToString(
    <IslandContext.Provider value={registry}>
      <Island name="hello" component={Hello} props={{ name: 'you' }} hydrate={hydrate as 'load'} margin={margin} />
    </IslandContext.Provider>,
  );
  return { html, registry };
}

test('an island hydrated on load carries no hydrate attribute and is preloaded', () => {
  const { html, registry } = render();
  assert.not.match(html, /hydrate=/);
  assert.equal([...registry.onLoad], ['hello'], 'not marked for preloading');
});

for (const moment of ['idle', 'visible', 'interaction']) {
  test(`an island hydrated when ${moment} says so and is not preloaded`, () => {
    const { html, registry } = render(moment);
    assert.match(html, `hydrate="${moment}"`);
    assert.match(html, '<p>Hello you</p>', 'the server HTML is there until then');
    assert.equal([...registry.used], ['hello']);
    assert.equal([...registry.onLoad], [], 'marked for preloading');
  });
}

test('an unknown moment is an error naming the island and the choices', () => {
  assert.throws(() => render('onclick'), (error: Error) =>
    error.message === 'island "hello": hydrate="onclick" is not one of "load", "idle", "visible", "interaction"');
});

test('a visible island may say how near the view it starts loading; the margin is for visible only, and in px', () => {
  assert.match(render('visible', '0px').html, /hydrate="visible" margin="0px"/);
  assert.not.match(render('visible').html, /margin=/, 'no margin attribute unless asked: the runtime\'s default');
  assert.throws(() => render('idle', '0px'), (error: Error) => error.message === 'island "hello": margin="0px" is for hydrate="visible", not "idle"');
  assert.throws(() => render('visible', '2em'), (error: Error) => error.message === 'island "hello": margin="2em" is not a length in px, such as "0px" or "200px"');
});

test.run();
