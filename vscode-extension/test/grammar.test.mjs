// The TextMate injection grammar, tokenized the way VS Code does it:
// vscode-textmate with oniguruma, VS Code's own C and C++ grammars (from
// code-server's copy of VS Code 1.100) and our injection into source.c and
// source.cpp. Run: node --test vscode-extension/test/grammar.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.resolve(here, "..");
const root = path.resolve(ext, "..");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const cppSyntaxes = path.join(root, "node_modules/code-server/lib/vscode/extensions/cpp/syntaxes");
const injection = path.join(ext, "syntaxes/openacc.injection.tmLanguage.json");
const pkg = JSON.parse(fs.readFileSync(path.join(ext, "package.json"), "utf8"));

async function registry() {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve("vscode-oniguruma")), "onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const files = {
    "source.c": path.join(cppSyntaxes, "c.tmLanguage.json"),
    "source.cpp": path.join(cppSyntaxes, "cpp.tmLanguage.json"),
    "source.cpp.embedded.macro": path.join(cppSyntaxes, "cpp.embedded.macro.tmLanguage.json"),
    "openacc.pragma.injection": injection,
  };
  return new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (s) => new oniguruma.OnigScanner(s),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) => {
      const f = files[scope];
      return f && fs.existsSync(f) ? vsctm.parseRawGrammar(fs.readFileSync(f, "utf8"), f) : null;
    },
    getInjections: (scope) => (scope === "source.c" || scope === "source.cpp" ? ["openacc.pragma.injection"] : []),
  });
}

// tokens returns [text, scopes] for each token of each line.
function tokenize(grammar, text) {
  let stack = vsctm.INITIAL;
  const out = [];
  for (const line of text.split("\n")) {
    const r = grammar.tokenizeLine(line, stack);
    for (const t of r.tokens) {
      out.push([line.slice(t.startIndex, t.endIndex), t.scopes]);
    }
    stack = r.ruleStack;
  }
  return out;
}

// scopeOf finds the n-th token whose text is word and returns its innermost scopes joined.
function scopeOf(tokens, word, n = 0) {
  const hits = tokens.filter(([t]) => t.trim() === word);
  assert.ok(hits.length > n, `no token ${JSON.stringify(word)} (#${n}) in ${JSON.stringify(tokens.map(([t]) => t))}`);
  return hits[n][1].join(" ");
}

let grammars;
async function grammarFor(scope) {
  grammars ??= await registry();
  const g = await grammars.loadGrammar(scope);
  assert.ok(g, `grammar ${scope} not found (is code-server installed? run scripts/vscode-test.sh)`);
  return g;
}

test("package.json injects the grammar into C and C++", () => {
  const g = pkg.contributes.grammars.find((x) => x.scopeName === "openacc.pragma.injection");
  assert.deepEqual(g.injectTo, ["source.c", "source.cpp"]);
  assert.equal(path.resolve(ext, g.path), injection);
});

for (const scope of ["source.c", "source.cpp"]) {
  test(`directives, clauses, modifiers and operators in ${scope}`, async () => {
    const g = await grammarFor(scope);
    const t = tokenize(
      g,
      [
        "#pragma acc parallel loop gang vector copyin(readonly: a[0:n]) reduction(+:sum) default(none) collapse(force: 2) // why",
        "  #  pragma acc enter data create(zero: b[0:n]) \\",
        "      async(1) if(n > 100)",
        "#pragma acc kernels pcopy(c[0:n]) device_type(nvidia) num_gangs(gang(num: 4))",
        '_Pragma("acc loop seq")',
        "#pragma omp parallel for",
        "int copyin = 1; // copyin(x) outside a directive",
      ].join("\n"),
    );
    assert.match(scopeOf(t, "pragma"), /keyword\.control\.directive\.pragma/);
    assert.match(scopeOf(t, "acc"), /entity\.name\.namespace\.openacc/);
    assert.match(scopeOf(t, "parallel loop"), /keyword\.control\.directive\.openacc/);
    assert.match(scopeOf(t, "gang"), /support\.function\.clause\.openacc/);
    assert.match(scopeOf(t, "vector"), /support\.function\.clause\.openacc/);
    assert.match(scopeOf(t, "copyin"), /support\.function\.clause\.openacc/);
    assert.match(scopeOf(t, "readonly"), /storage\.modifier\.openacc/);
    assert.match(scopeOf(t, "a"), /variable\.other\.openacc/);
    assert.match(scopeOf(t, "0"), /constant\.numeric\.openacc/);
    assert.match(scopeOf(t, "+"), /keyword\.operator\.reduction\.openacc/);
    assert.match(scopeOf(t, "none"), /constant\.language\.openacc/);
    assert.match(scopeOf(t, "force"), /storage\.modifier\.openacc/);
    assert.match(scopeOf(t, "// why"), /comment\.line/);
    // A directive continued on the next line keeps its scopes.
    assert.match(scopeOf(t, "enter data"), /keyword\.control\.directive\.openacc/);
    assert.match(scopeOf(t, "zero"), /storage\.modifier\.openacc/);
    assert.match(scopeOf(t, "\\"), /line-continuation/);
    assert.match(scopeOf(t, "async"), /support\.function\.clause\.openacc/);
    assert.match(scopeOf(t, "if"), /support\.function\.clause\.openacc/);
    // Deprecated spellings, device types, nested parentheses.
    assert.match(scopeOf(t, "pcopy"), /support\.function\.clause\.deprecated\.openacc/);
    assert.match(scopeOf(t, "nvidia"), /constant\.language\.device-type\.openacc/);
    assert.match(scopeOf(t, "num_gangs"), /support\.function\.clause\.openacc/);
    // _Pragma("acc …").
    assert.match(scopeOf(t, "loop"), /keyword\.control\.directive\.openacc/);
    assert.match(scopeOf(t, "seq"), /support\.function\.clause\.openacc/);
    // Other pragmas and ordinary code are left to the C grammar.
    assert.doesNotMatch(scopeOf(t, "omp"), /openacc/);
    const code = t.filter(([w]) => w.trim() === "copyin");
    assert.doesNotMatch(code[code.length - 1][1].join(" "), /openacc/, "copyin as a C identifier");
    const comment = t.find(([w]) => w.includes("copyin(x)"));
    assert.ok(comment, "the comment after the code");
    assert.doesNotMatch(comment[1].join(" "), /openacc/, "copyin in a comment");
  });
}

test("the grammar knows every directive and clause of acc/", () => {
  // The word lists are hand-written; compare them with the acc package's tables.
  const src = (f) => fs.readFileSync(path.join(root, "acc", f), "utf8");
  const names = (text) => [...text.matchAll(/\bName:\s+"([^"]+)"/g)].map((m) => m[1]);
  const grammarText = fs.readFileSync(injection, "utf8");
  for (const c of names(src("clauses.go"))) {
    assert.ok(new RegExp(`[|(]${c}[|)]`).test(grammarText), `clause ${c} missing from the grammar`);
  }
  for (const d of names(src("directives.go"))) {
    const re = d.replace(/ /g, "\\\\s+");
    assert.ok(grammarText.includes(re), `directive ${d} missing from the grammar`);
  }
});
