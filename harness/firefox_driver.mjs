// Firefox for harness/browsers.py (class Firefox), driven by Puppeteer over WebDriver BiDi.
//
//   node harness/firefox_driver.mjs MODULES CONFIG
//
// MODULES is the folder holding node_modules/puppeteer-core (bin/fetch-puppeteer puts it
// under build/); CONFIG is JSON: {firefox, profile, prefs, args, width, height, preload}.
// It launches Firefox headless in the profile folder with the prefs, opens a tab of its
// own with `preload` run before every page's scripts, says {"ready": true} on stdout, then
// takes one JSON command a line on stdin and answers each with one JSON line on stdout,
// with the command's "id":
//   {"cmd": "goto", "url": ...}           -> {"value": null} once the page has loaded
//   {"cmd": "eval", "expression": ...}    -> {"value": <its result, a promise's awaited>}
//   {"cmd": "errors"}                     -> {"value": [the page's uncaught errors so far]}
//   {"cmd": "screenshot", "path": ...}    -> {"value": null}
//   {"cmd": "close"}                      -> {"value": null}, and it exits
// or {"error": "..."}. The end of stdin closes Firefox too, as does SIGTERM.
import {createRequire} from 'node:module';
import path from 'node:path';
import readline from 'node:readline';

const [modules, configText] = process.argv.slice(2);
const config = JSON.parse(configText);
const puppeteer = createRequire(path.resolve(modules, 'package.json'))('puppeteer-core');

const say = answer => process.stdout.write(JSON.stringify(answer) + '\n');

let browser = null;
async function close() {
  if (browser) {
    const b = browser;
    browser = null;
    const closed = b.close().catch(() => {});
    // a Firefox that does not answer is killed after 10 s
    await Promise.race([closed, new Promise(done => setTimeout(done, 10_000).unref())]);
    b.process()?.kill('SIGKILL');
  }
}
// Told to end (harness/browsers.py's last resort), it closes Firefox first.
for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT']) {
  process.on(signal, () => close().finally(() => process.exit(1)));
}

try {
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: config.firefox,
    userDataDir: config.profile,
    headless: true,
    args: config.args,
    extraPrefsFirefox: config.prefs,
    env: {...process.env, MOZ_HEADLESS: '1'},
    protocolTimeout: 600_000,
    timeout: 60_000,
    defaultViewport: null,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
} catch (e) {
  say({error: `Firefox did not start: ${e && e.stack || e}`});
  process.exit(1);
}

// A tab of its own: the window Firefox opened first never has the focus headless, and
// JupyterLab follows the focus to know the lesson in front (the site runs only that one).
const page = await browser.newPage();
await page.setViewport({width: config.width, height: config.height});
await page.evaluateOnNewDocument(config.preload);
page.setDefaultNavigationTimeout(600_000);
page.setDefaultTimeout(600_000);
const errors = [];
page.on('pageerror', e => errors.push(`uncaught (page): ${String(e && e.message || e).slice(0, 500)}`));

const commands = {
  goto: async ({url}) => { await page.goto(url, {waitUntil: 'load'}); return null; },
  eval: async ({expression}) => await page.evaluate(expression) ?? null,
  errors: async () => errors,
  screenshot: async ({path: file}) => { await page.screenshot({path: file}); return null; },
  close: async () => { await close(); return null; },
};

say({ready: true});
const lines = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
for await (const line of lines) {
  if (!line.trim()) continue;
  let command;
  try {
    command = JSON.parse(line);
    say({id: command.id, value: await commands[command.cmd](command)});
  } catch (e) {
    say({id: command?.id, error: String(e && e.stack || e)});
  }
  if (command && command.cmd === 'close') break;
}
await close();
process.exit(0);
