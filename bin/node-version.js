// The Node sitegen runs on (package.json `engines`): the current LTS. Checked
// before anything else loads, so that an older Node gets one line that says
// what to do rather than a syntax or API error from deep inside.
const NEEDED_MAJOR = 24;

export function checkNodeVersion(what = 'sitegen') {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= NEEDED_MAJOR) return true;
  console.error(`error ${what} needs Node ${NEEDED_MAJOR} or newer, and this is Node ${process.versions.node}: `
    + `install Node ${NEEDED_MAJOR} (the current LTS), or \`npm install --save-dev node@${NEEDED_MAJOR}\` in your project, `
    + 'whose Node npm scripts and npx run first');
  process.exitCode = 1;
  return false;
}
