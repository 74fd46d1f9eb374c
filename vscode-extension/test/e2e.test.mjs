// End-to-end test of the VS Code extension in a real VS Code: code-server
// 4.100.3 (VS Code 1.100, from npm) on 127.0.0.1 with --auth none, fresh user
// data and extensions directories, the .vsix installed with
// --install-extension, driven in Debian's Chromium by playwright-core.
//
// Run through scripts/vscode-test.sh (it builds the .vsix first), or:
//   ACCLS_VSIX=out/accls-linux-x64.vsix node --test vscode-extension/test/e2e.test.mjs
// Environment: ACCLS_VSIX (the .vsix), ACCLS_ARTIFACTS (screenshots; default
// out/screenshots), ACCLS_CHROMIUM (default /usr/bin/chromium), ACCLS_KEEP=1
// keeps the temporary directory, ACCLS_E2E_PRETEND_MISSING (see below).
//
// The test opens the workspace untrusted first (Restricted Mode): diagnostics,
// hover, quick fixes and the kernel preview must work and Run must not be
// offered; then it trusts the workspace and runs a program on the OpenCL
// device (PoCL on CI). The preview and run steps are skipped, with the reason,
// when the accls binary in the .vsix does not advertise them.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const { chromium } = require("playwright-core");

const vsix = path.resolve(root, process.env.ACCLS_VSIX || "out/accls-linux-x64.vsix");
const artifacts = path.resolve(root, process.env.ACCLS_ARTIFACTS || "out/screenshots");
const chromiumPath = process.env.ACCLS_CHROMIUM || "/usr/bin/chromium";
const codeServer = path.join(root, "node_modules/code-server/out/node/entry.js");
const mod = process.platform === "darwin" ? "Meta" : "Control";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "accls-vscode-e2e-"));
const ws = path.join(tmp, "workspace");
// The workspace's settings name its own copy of the server: Restricted Mode
// must ignore that (accls.path is a restricted setting), a trusted workspace
// uses it.
const workspaceBinary = path.join(ws, "tools", "accls");
const userData = path.join(tmp, "user-data");
const extensions = path.join(tmp, "extensions");

let server; // the code-server process
let serverLog = "";
let browser;
let page;
let shot = 0;

// --- helpers ------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// lsp asks a server binary for its initialize result over stdio.
function initializeResult(bin) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, ["serve"], { stdio: ["pipe", "pipe", "ignore"] });
    const timer = setTimeout(() => {
      p.kill();
      reject(new Error("no initialize answer in 20 s"));
    }, 20000);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } });
    p.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    let buf = Buffer.alloc(0);
    p.stdout.on("data", (d) => {
      buf = Buffer.concat([buf, d]);
      const i = buf.indexOf("\r\n\r\n");
      if (i < 0) return;
      const n = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, i).toString())[1]);
      if (buf.length < i + 4 + n) return;
      clearTimeout(timer);
      p.kill();
      resolve(JSON.parse(buf.subarray(i + 4, i + 4 + n).toString()).result);
    });
    p.on("error", reject);
  });
}

async function screenshot(name) {
  const file = path.join(artifacts, `${String(++shot).padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.png`);
  await page.screenshot({ path: file });
  return file;
}

// until polls fn until it returns a truthy value.
async function until(what, fn, timeout = 30000, every = 250) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${last instanceof Error ? ": " + last.message : ""}`);
    }
    await page.waitForTimeout(every);
  }
}

// editorLines returns the visible lines of the editor of a file (by the end
// of its URI), ordered top to bottom.
async function editorLines(uriEnd) {
  return page.evaluate((uriEnd) => {
    const eds = [...document.querySelectorAll(".monaco-editor[data-uri]")].filter((e) => e.getAttribute("data-uri").split("?")[0].endsWith(uriEnd));
    if (eds.length === 0) return null;
    const lines = [...eds[0].querySelectorAll(".view-lines .view-line")];
    lines.sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
    return lines.map((l) => l.textContent.replace(/\u00a0/g, " "));
  }, uriEnd);
}

// tokenBox finds the rendered token `word` on the first line of the editor of
// uriEnd that contains lineText, and returns its box on the page.
async function tokenBox(uriEnd, lineText, word) {
  return page.evaluate(
    ({ uriEnd, lineText, word }) => {
      const ed = [...document.querySelectorAll(".monaco-editor[data-uri]")].find((e) => e.getAttribute("data-uri").split("?")[0].endsWith(uriEnd));
      if (!ed) return null;
      for (const line of ed.querySelectorAll(".view-lines .view-line")) {
        if (!line.textContent.replace(/\u00a0/g, " ").includes(lineText)) continue;
        for (const span of line.querySelectorAll("span span")) {
          const t = span.textContent.replace(/\u00a0/g, " ");
          const i = t.indexOf(word);
          if (i < 0) continue;
          const range = document.createRange();
          range.setStart(span.firstChild, i);
          range.setEnd(span.firstChild, i + word.length);
          const r = range.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }
      }
      return null;
    },
    { uriEnd, lineText, word },
  );
}

async function clickToken(uriEnd, lineText, word, offset = 0.5) {
  const box = await until(`"${word}" in "${lineText}"`, () => tokenBox(uriEnd, lineText, word));
  await page.mouse.click(box.x + box.width * offset, box.y + box.height / 2);
  return box;
}

async function openFile(name) {
  await page.keyboard.press(`${mod}+P`);
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible" });
  await input.fill(name);
  // The row of exactly that file (not dot.c.kernels.cl from the history).
  const exact = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  const row = page.locator(".quick-input-list .monaco-list-row").filter({ has: page.locator(".label-name", { hasText: exact }) }).first();
  await row.waitFor({ state: "visible", timeout: 20000 });
  await row.click();
  await until(`the editor of ${name}`, async () => (await editorLines("/" + name))?.length > 1);
}

// command runs a command from the command palette by its title; it returns
// false (and closes the palette) when the palette does not offer it.
async function command(title, { mustExist = true } = {}) {
  await page.keyboard.press(`${mod}+Shift+P`);
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible" });
  await input.fill(">" + title);
  const row = page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first();
  try {
    await row.waitFor({ state: "visible", timeout: mustExist ? 15000 : 3000 });
  } catch (e) {
    if (mustExist) throw e;
    await page.keyboard.press("Escape");
    return false;
  }
  const labels = await page.locator(".quick-input-list .monaco-list-row").allTextContents();
  if (!labels.some((l) => l.includes(title))) {
    await page.keyboard.press("Escape");
    if (mustExist) throw new Error(`command ${title} not in the palette: ${labels.join(" | ")}`);
    return false;
  }
  await row.click();
  return true;
}

// clickLens clicks the code lens titled `title` nearest above the line of the
// editor of uriEnd that contains lineText.
async function clickLens(uriEnd, lineText, title) {
  const line = await until(`the line "${lineText}"`, () =>
    page.evaluate(
      ({ uriEnd, lineText }) => {
        const ed = [...document.querySelectorAll(".monaco-editor[data-uri]")].find((e) => e.getAttribute("data-uri").split("?")[0].endsWith(uriEnd));
        const l = ed && [...ed.querySelectorAll(".view-lines .view-line")].find((x) => x.textContent.replace(/\u00a0/g, " ").includes(lineText));
        return l ? { y: l.getBoundingClientRect().y } : null;
      },
      { uriEnd, lineText },
    ),
  );
  const lens = await until(`the "${title}" lens above "${lineText}"`, () =>
    page.evaluate(
      ({ uriEnd, title, y }) => {
        const ed = [...document.querySelectorAll(".monaco-editor[data-uri]")].find((e) => e.getAttribute("data-uri").split("?")[0].endsWith(uriEnd));
        if (!ed) return null;
        let best = null;
        for (const a of ed.querySelectorAll(".codelens-decoration a")) {
          if (!a.textContent.includes(title)) continue;
          const r = a.getBoundingClientRect();
          if (r.y < y && (!best || r.y > best.y)) best = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }
        return best;
      },
      { uriEnd, title, y: line.y },
    ),
  );
  await page.mouse.click(lens.x, lens.y);
}

async function hidePanel() {
  if (await page.locator(".part.panel").first().isVisible()) {
    await command("View: Hide Panel");
  }
}

async function notificationsText() {
  return page.evaluate(() => [...document.querySelectorAll(".notifications-toasts .notification-list-item, .notifications-center .notification-list-item")].map((n) => n.textContent).join("\n"));
}

async function panelText(selector) {
  return page.evaluate((sel) => document.querySelector(sel)?.textContent ?? "", selector);
}

// outputChannelText shows an output channel and returns its visible text.
async function outputChannelText(channel) {
  await command("Output: Show Output Channels...");
  const row = page.locator(".quick-input-list .monaco-list-row", { hasText: channel }).first();
  await row.waitFor({ state: "visible" });
  const rows = page.locator(".quick-input-list .monaco-list-row");
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const t = (await rows.nth(i).textContent()).trim();
    if (t === channel || t.startsWith(channel + " ") || t.endsWith(channel)) {
      await rows.nth(i).click();
      break;
    }
  }
  return outputText();
}

async function outputText() {
  return page.evaluate(() => {
    const ed = document.querySelector(".panel .output-view .monaco-editor, .panel [id='workbench.panel.output'] .monaco-editor");
    if (!ed) return "";
    const lines = [...ed.querySelectorAll(".view-lines .view-line")];
    lines.sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
    return lines.map((l) => l.textContent.replace(/\u00a0/g, " ")).join("\n");
  });
}

// acclsServerPids lists the accls server processes started from the
// installed extension (this test's own code-server).
// (the binary shipped in the extension, or the workspace's copy that its
// accls.path names), by pid and binary.
function acclsServers() {
  const found = [];
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const exe = fs.readlinkSync(`/proc/${d}/exe`);
      if ((exe.startsWith(extensions + path.sep) && exe.endsWith("/bin/accls")) || exe === workspaceBinary) found.push({ pid: Number(d), exe });
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

function acclsServerPids() {
  return acclsServers().map((s) => s.pid);
}

async function problemsText() {
  // Ctrl+Shift+M toggles the Problems view: press it only when it is hidden.
  if (!(await page.locator(".markers-panel").first().isVisible())) {
    await page.keyboard.press(`${mod}+Shift+M`);
    await page.locator(".markers-panel").first().waitFor({ state: "visible" });
  }
  return panelText(".markers-panel");
}

// --- setup ------------------------------------------------------------------------

assert.ok(fs.existsSync(vsix), `${vsix} is missing: build it with npm run package (or scripts/vscode-test.sh)`);
assert.ok(fs.existsSync(codeServer), "code-server is not installed: run scripts/vscode-test.sh (npm ci)");
fs.mkdirSync(artifacts, { recursive: true });
for (const f of fs.readdirSync(artifacts)) {
  if (f.endsWith(".png")) fs.rmSync(path.join(artifacts, f));
}

// Install the .vsix into a fresh extensions directory, the way a user does;
// the binary it ships decides which steps can run.
const port = await freePort();
const config = path.join(tmp, "config.yaml");
fs.writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
const common = ["--config", config, "--user-data-dir", userData, "--extensions-dir", extensions];
const codeServerEnv = { ...process.env, XDG_CONFIG_HOME: path.join(tmp, "config"), XDG_DATA_HOME: path.join(tmp, "data") };
const installed = execFileSync(process.execPath, [codeServer, ...common, "--install-extension", vsix], { encoding: "utf8", timeout: 120000, env: codeServerEnv });
assert.match(installed, /successfully installed/, installed);
const extDir = fs.readdirSync(extensions).find((d) => d.startsWith("accls.accls-"));
assert.ok(extDir, `the extension is not in ${extensions}: ${fs.readdirSync(extensions)}`);
const bundled = path.join(extensions, extDir, "bin", "accls");
assert.ok(fs.existsSync(bundled), "the .vsix ships bin/accls");
const init = await initializeResult(bundled);
const experimental = { ...(init.capabilities?.experimental?.accls ?? {}) };
// ACCLS_E2E_PRETEND_MISSING=kernels,run,devices checks the skip path with a
// server that has them.
for (const f of (process.env.ACCLS_E2E_PRETEND_MISSING || "").split(",").filter(Boolean)) delete experimental[f];
const noPreview = experimental.kernels ? false : "the accls server in the .vsix does not advertise accls/kernels (experimental.accls.kernels)";
const noRun = experimental.run && experimental.runOutput ? false : "the accls server in the .vsix does not advertise accls/run and accls/runOutput";
const noDevices = experimental.devices ? false : "the accls server in the .vsix does not advertise accls/devices";
const noLenses = init.capabilities?.codeLensProvider ? false : "the accls server in the .vsix has no code lenses";
let hasDevice = false;
if (!noDevices) {
  try {
    hasDevice = /\* \d+:\d+/.test(execFileSync(bundled, ["devices"], { encoding: "utf8", timeout: 60000 }));
  } catch {
    hasDevice = false;
  }
}

before(async () => {
  fs.mkdirSync(ws);
  for (const f of ["mistakes.c", "dot.c", "jacobi.c"]) {
    fs.copyFileSync(path.join(root, "examples", f), path.join(ws, f));
  }
  fs.mkdirSync(path.dirname(workspaceBinary));
  fs.copyFileSync(bundled, workspaceBinary);
  fs.chmodSync(workspaceBinary, 0o755);
  fs.mkdirSync(path.join(ws, ".vscode"));
  fs.writeFileSync(path.join(ws, ".vscode", "settings.json"), JSON.stringify({ "accls.path": "${workspaceFolder}/tools/accls" }, null, 2));
  // A pointer whose data length accls cannot infer: its quick fix asks.
  fs.writeFileSync(
    path.join(ws, "scatter.c"),
    "void scatter(float *dst, const int *idx, int count)\n{\n#pragma acc parallel loop copy(dst) copyin(idx[0:count])\n    for (int i = 0; i < count; i++) dst[idx[i]] = 1.0f;\n}\n",
  );
  // A program that runs until it is cancelled.
  fs.writeFileSync(
    path.join(ws, "forever.c"),
    '#include <stdio.h>\n\nint main(void)\n{\n    printf("started\\n");\n    fflush(stdout);\n    for (volatile unsigned long i = 0;; i++)\n        ;\n}\n',
  );
  fs.mkdirSync(path.join(userData, "User"), { recursive: true });
  fs.writeFileSync(
    path.join(userData, "User", "settings.json"),
    JSON.stringify(
      {
        "security.workspace.trust.enabled": true,
        "security.workspace.trust.startupPrompt": "never",
        "security.workspace.trust.banner": "always",
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": false,
        "workbench.colorTheme": "Default Dark Modern",
        "workbench.enableExperiments": false,
        "telemetry.telemetryLevel": "off",
        "update.mode": "none",
        "extensions.autoUpdate": false,
        "extensions.autoCheckUpdates": false,
        "extensions.ignoreRecommendations": true,
        "chat.commandCenter.enabled": false,
        "window.restoreWindows": "none",
        "files.hotExit": "off",
        "editor.hover.delay": 200,
        "editor.minimap.enabled": false,
        "editor.fontSize": 14,
        "accls.trace.server": "off",
      },
      null,
      2,
    ),
  );
  server = spawn(
    process.execPath,
    [codeServer, ...common, "--disable-telemetry", "--disable-update-check", "--disable-getting-started-override", ws],
    { stdio: ["ignore", "pipe", "pipe"], env: codeServerEnv },
  );
  server.stdout.on("data", (d) => (serverLog += d));
  server.stderr.on("data", (d) => (serverLog += d));
  const listening = Date.now() + 60000;
  while (!/HTTP server listening/.test(serverLog)) {
    if (Date.now() > listening || server.exitCode !== null) throw new Error(`code-server did not start:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
  });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`);
  await page.locator(".monaco-workbench").waitFor({ state: "visible", timeout: 90000 });
  // Ready: the trust indicator is in the status bar and the explorer lists the files.
  await page.locator("[id='status.workspaceTrust']").waitFor({ state: "visible", timeout: 60000 });
  await page.locator(".explorer-folders-view .monaco-list-row", { hasText: "mistakes.c" }).waitFor({ state: "visible", timeout: 60000 });
});

afterEach(async (t) => {
  if (page) await screenshot(t.name);
});

after(async () => {
  await browser?.close().catch(() => {});
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => {
      const timer = setTimeout(() => {
        server.kill("SIGKILL");
        r();
      }, 5000);
      server.on("exit", () => {
        clearTimeout(timer);
        r();
      });
    });
  }
  fs.writeFileSync(path.join(artifacts, "code-server.log"), serverLog);
  if (process.env.ACCLS_KEEP !== "1") fs.rmSync(tmp, { recursive: true, force: true });
  else console.log(`# kept ${tmp}`);
});

// --- the steps, in order ---------------------------------------------------------

test("untrusted workspace: the extension starts in Restricted Mode", async () => {
  const status = await panelText("[id='status.workspaceTrust']");
  assert.match(status, /Restricted Mode/, "the workspace opens untrusted");
  await openFile("mistakes.c");
  // The extension activates on C and starts the server it ships: the
  // workspace's accls.path is not used in Restricted Mode.
  const servers = await until("an accls server process", () => (acclsServers().length === 1 ? acclsServers() : null), 30000);
  assert.ok(servers[0].exe.startsWith(extensions + path.sep), `the bundled server runs, not ${servers[0].exe}`);
});

test("diagnostics: squiggles and Problems panel entries", async () => {
  await until("error squiggles", async () => (await page.locator(".monaco-editor[data-uri$='/mistakes.c'] .squiggly-error").count()) >= 5, 30000);
  const problems = await until("the problems", async () => {
    const t = await problemsText();
    return /copy_out/.test(t) && /paralel/.test(t) ? t : null;
  });
  for (const want of [
    /unknown OpenACC directive 'paralel'; did you mean 'parallel/,
    /'pcopyin' is a deprecated spelling; use 'copyin'/,
    /'if' may appear at most once on 'parallel loop'/,
    /unknown OpenACC clause 'copy_out'; did you mean 'copyout'\?/,
    /invalid value 'shared' for 'default'/,
    /'update' requires one of 'self', 'host' or 'device'/,
  ]) {
    assert.match(problems, want);
  }
  assert.match(problems, /openacc/, "source openacc");
  assert.match(problems, /unknown-directive/, "rule id as the code");
});

test("hover on a data clause explains the data movement", async () => {
  await page.keyboard.press("Escape");
  const box = await until("copyout on line 13", () => tokenBox("/mistakes.c", "pcopyin(a[0:n]) copyout(b[0:n])", "copyout"));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const text = await until(
    "the hover",
    async () => {
      const t = await page.evaluate(() => [...document.querySelectorAll(".monaco-hover")].map((h) => h.textContent).join("\n"));
      return /copyout/.test(t) && /exit/.test(t) ? t : null;
    },
    20000,
  );
  assert.match(text, /copy back to the host at exit|device → host|device to host/i);
  assert.match(text, /reference counter/);
  // Scroll the hover to its data movement section for the screenshot (it
  // fades in: give it a moment).
  await page.evaluate(() => {
    const el = [...document.querySelectorAll(".monaco-hover p, .monaco-hover strong")].find((e) => /Data movement/.test(e.textContent));
    el?.scrollIntoView({ block: "start" });
  });
  await page.waitForTimeout(800);
});

test("grammar: #pragma acc directives and clauses are highlighted", async () => {
  await page.mouse.move(5, 5);
  await page.keyboard.press("Escape");
  // Tokens of different scopes get different colors; a clause inside a
  // directive must not look like the plain identifiers around it.
  const colors = await page.evaluate(() => {
    const ed = [...document.querySelectorAll(".monaco-editor[data-uri]")].find((e) => e.getAttribute("data-uri").endsWith("/mistakes.c"));
    const out = {};
    for (const line of ed.querySelectorAll(".view-lines .view-line")) {
      const text = line.textContent.replace(/\u00a0/g, " ");
      if (!text.startsWith("#pragma acc parallel loop reduction")) continue;
      for (const s of line.querySelectorAll("span span")) out[s.textContent.replace(/\u00a0/g, " ")] = getComputedStyle(s).color;
    }
    return out;
  });
  assert.ok(colors["acc"] && colors["parallel loop"] && colors["reduction"] && colors["collapse"], JSON.stringify(colors));
  assert.notEqual(colors["parallel loop"], colors["reduction"], "directive and clause colors differ");
  assert.notEqual(colors["acc"], colors["parallel loop"], "acc and directive colors differ");
  assert.equal(colors["reduction"], colors["collapse"], "clauses share one color");
});

test("quick fix: Ctrl+. replaces the misspelt directive", async () => {
  await clickToken("/mistakes.c", "#pragma acc paralel loop", "paralel", 0.5);
  await page.keyboard.press(`${mod}+.`);
  const item = page.locator(".action-widget .monaco-list-row", { hasText: /parallel/ }).first();
  await item.waitFor({ state: "visible", timeout: 20000 });
  const offered = await page.locator(".action-widget").textContent();
  await screenshot("quick fix menu");
  // The first fix is focused: Enter applies it.
  await page.keyboard.press("Enter");
  await until("the fixed line", async () => (await editorLines("/mistakes.c"))?.some((l) => l.startsWith("#pragma acc parallel loop copyin(a[0:n])")), 10000);
  const lines = await editorLines("/mistakes.c");
  assert.ok(!lines.some((l) => l.includes("paralel")), `still misspelt: ${offered}`);
  // The diagnostic goes away with the edit.
  await until("the unknown-directive problem is gone", async () => !/paralel/.test(await problemsText()), 20000);
});

test("quick fix that asks: the length of a pointer's data is typed into a snippet", async () => {
  await openFile("scatter.c");
  // The fix comes from the semantic run (a debounce after the file opens).
  const squiggles = page.locator(".monaco-editor[data-uri$='/scatter.c'] .squiggly-warning");
  await until("the pointer warning's squiggle", async () => (await squiggles.count()) > 0, 30000);
  const item = page.locator(".action-widget .monaco-list-row", { hasText: /type the length/ }).first();
  // The code actions are asked for at the cursor; a request that went out
  // before the semantic diagnostics reached the editor lists none of
  // theirs (a flake seen once under CI load): ask again.
  for (let attempt = 1; ; attempt++) {
    await clickToken("/scatter.c", "#pragma acc parallel loop copy(dst)", "dst", 0.5);
    await page.keyboard.press(`${mod}+.`);
    try {
      await item.waitFor({ state: "visible", timeout: 8000 });
      break;
    } catch (e) {
      if (attempt === 3) {
        throw e;
      }
      await page.keyboard.press("Escape");
    }
  }
  await screenshot("quick fixes and refactorings at the pointer");
  // Refactorings are listed too: move the focus to the fix, then Enter.
  const focused = page.locator(".action-widget .monaco-list-row.focused");
  for (let i = 0; i < 10 && !/type the length/.test((await focused.textContent().catch(() => "")) ?? ""); i++) {
    await page.keyboard.press("ArrowDown");
  }
  assert.match((await focused.textContent()) ?? "", /type the length/);
  await page.keyboard.press("Enter");
  // The snippet's placeholder is selected: typing replaces it.
  await until("the snippet", async () => (await editorLines("/scatter.c"))?.some((l) => l.includes("copy(dst[0:n])")), 10000);
  await page.keyboard.type("count");
  await page.keyboard.press("Escape");
  await until("the typed length", async () => (await editorLines("/scatter.c"))?.some((l) => l.startsWith("#pragma acc parallel loop copy(dst[0:count]) copyin(idx[0:count])")), 10000);
  await screenshot("snippet fix with the typed length");
  await until("the pointer warning's squiggle is gone", async () => (await squiggles.count()) === 0, 30000);
});

test("untrusted workspace: Run on Device is not offered", async () => {
  const offered = await command("accls: Run on Device", { mustExist: false });
  assert.equal(offered, false, "the palette must not offer Run on Device in Restricted Mode");
  if (!noLenses) {
    await openFile("dot.c");
    await until("the Show kernels code lens", async () => (await panelText(".monaco-editor[data-uri$='/dot.c'] .contentWidgets, .monaco-editor[data-uri$='/dot.c']")).includes("Show kernels"), 20000);
    const lenses = await page.locator(".monaco-editor[data-uri$='/dot.c'] .codelens-decoration").allTextContents();
    assert.ok(!lenses.some((l) => l.includes("Run")), `no Run lens in Restricted Mode: ${lenses.join(" | ")}`);
  }
});

test("kernel preview beside the source, following the cursor", { skip: noPreview }, async () => {
  await hidePanel();
  await openFile("dot.c");
  // The server's code lens above the construct opens the preview.
  await clickLens("/dot.c", "#pragma acc parallel loop reduction(+:sum)", "Show kernels");
  const lines = await until(
    "the kernel preview",
    async () => {
      const l = await editorLines("/dot.c.kernels.cl");
      return l && l.some((x) => /__kernel/.test(x)) ? l : null;
    },
    60000,
  );
  const text = lines.join("\n");
  assert.match(text, /accls kernel preview of dot\.c/);
  assert.match(text, /parallel loop at line 18, in dot\(\)/);
  assert.match(text, /reduction/);
  await screenshot("kernel preview of the reduction");
  // Moving the cursor to the other construct refreshes the preview.
  await clickToken("/dot.c", "vector_length(128)", "vector_length");
  await until(
    "the saxpy kernel",
    async () => {
      const l = await editorLines("/dot.c.kernels.cl");
      return l && l.join("\n").includes("line 10") ? l : null;
    },
    30000,
  );
  // The source line of the cursor and the preview lines made from it are
  // highlighted (a whole-line decoration: an element in the view overlays).
  const overlays = (uriEnd) =>
    page.evaluate((uriEnd) => {
      const ed = [...document.querySelectorAll(".monaco-editor[data-uri]")].find((e) => e.getAttribute("data-uri").split("?")[0].endsWith(uriEnd));
      return ed ? [...ed.querySelectorAll(".view-overlays div[class*='ced-']")].map((d) => d.className) : [];
    }, uriEnd);
  await until("highlighted lines in the preview", async () => (await overlays("/dot.c.kernels.cl")).length > 0, 10000);
  assert.ok((await overlays("/dot.c")).length > 0, "the cursor's source line is highlighted");
});

test("trusting the workspace enables Run on Device and the workspace's settings", async () => {
  await command("Workspaces: Manage Workspace Trust");
  const trust = page.locator(".workspace-trust-editor .monaco-button", { hasText: /^Trust$/ }).first();
  await trust.waitFor({ state: "visible", timeout: 20000 });
  await screenshot("workspace trust editor");
  await trust.click();
  await until("trusted", async () => !(await page.locator("[id='status.workspaceTrust']").isVisible()), 20000);
  await page.keyboard.press(`${mod}+W`);
  // Trusted, the workspace's accls.path applies: the server is restarted from it.
  await until("the server named by the workspace's accls.path", () => {
    const now = acclsServers();
    return now.length === 1 && now[0].exe === workspaceBinary;
  });
  if (!noRun) {
    await openFile("dot.c");
    await until("the Run code lens", async () => (await page.locator(".monaco-editor[data-uri$='/dot.c'] .codelens-decoration").allTextContents()).some((l) => l.includes("Run")), 30000);
  }
});

test("select device: the status bar shows the OpenCL device", { skip: noDevices }, async () => {
  await openFile("dot.c");
  const item = page.locator(".statusbar-item", { has: page.locator(".codicon-circuit-board") }).first();
  await item.waitFor({ state: "visible", timeout: 30000 });
  await command("accls: Select Device");
  const rows = page.locator(".quick-input-list .monaco-list-row");
  await rows.first().waitFor({ state: "visible", timeout: 60000 });
  const labels = await rows.allTextContents();
  await screenshot("device picker");
  assert.match(labels[0], /Default device/);
  if (hasDevice) {
    assert.ok(labels.length >= 3, `devices listed: ${labels.join(" | ")}`);
    assert.match(labels[labels.length - 1], /The host/, "the host is offered last");
    await rows.nth(1).click();
    await until("the device in the status bar", async () => !/default device|no match/i.test(await item.textContent()), 20000);
  } else {
    await page.keyboard.press("Escape");
  }
});

const noRunHere = noRun || (!hasDevice && "no OpenCL device on this machine (accls devices)");

test("run on the OpenCL device from the ▶ Run lens: output streamed, summary with kernel times", { skip: noRunHere }, async () => {
  await openFile("dot.c");
  await clickLens("/dot.c", "int main(int argc", "Run");
  const out = await until(
    "the program output and the summary",
    async () => {
      const t = await outputText();
      return /dot: 1207614\.64/.test(t) && /── .* ──/.test(t) ? t : null;
    },
    240000,
    500,
  );
  assert.match(out, /▶ accls run dot\.c/);
  assert.match(out, /n: 1048576/);
  assert.match(out, /y\[1\]: 1\.02/);
  assert.match(out, /exit 0/);
  assert.match(out, /kernels \(device time\):/);
  assert.match(out, /transfers: host → device/);
  await until("the summary notification", async () => /accls: dot\.c: exit 0/.test(await notificationsText()), 20000);
});

test("cancel a running program from the progress notification", { skip: noRunHere }, async () => {
  await openFile("forever.c");
  await command("accls: Run on Device");
  await until("the program's first line", async () => /started/.test(await outputText()), 120000, 500);
  const cancel = page.locator(".notifications-toasts .notification-list-item", { hasText: "accls: forever.c" }).locator(".monaco-button", { hasText: "Cancel" });
  await cancel.first().waitFor({ state: "visible", timeout: 10000 });
  await screenshot("running with a cancel button");
  await cancel.first().click();
  const out = await until("the cancelled summary", async () => {
    const t = await outputText();
    return /── .*cancel.* ──|run failed: cancelled/i.test(t) ? t : null;
  });
  assert.doesNotMatch(out, /exit 0/);
});

test("a crashed server is restarted with a visible message", async () => {
  await openFile("mistakes.c");
  const before = acclsServerPids();
  assert.equal(before.length, 1, `one server: ${before}`);
  process.kill(before[0], "SIGKILL");
  await until("the restart message", async () => /server stopped unexpectedly \(signal SIGKILL\); restarting/.test(await notificationsText()), 30000);
  await until("a new server", () => {
    const now = acclsServerPids();
    return now.length === 1 && now[0] !== before[0];
  });
  // The new server has the open documents again: diagnostics come back.
  await until("diagnostics after the restart", async () => /copy_out/.test(await problemsText()), 30000);
});

test("accls: Restart Server starts a new server", async () => {
  const before = acclsServerPids();
  await command("accls: Restart Server");
  await until("another server", () => {
    const now = acclsServerPids();
    return now.length === 1 && !before.includes(now[0]);
  });
  await until("diagnostics after the restart", async () => /copy_out/.test(await problemsText()), 30000);
});
