// The kernel preview: a read-only virtual document beside the source that
// shows what accls/kernels returns for the construct at the cursor (or every
// construct), refreshed on edits and cursor moves, with the lines of both
// editors that the line map relates highlighted.
import * as path from "path";
import * as vscode from "vscode";
import * as lc from "vscode-languageclient/node";
import * as ext from "./lsp_ext";

export const scheme = "accls-kernels";

interface Preview {
  source: vscode.Uri;
  // The position asked for; undefined: every construct.
  position?: vscode.Position;
  // Whether the preview follows the cursor of the source editor.
  follow: boolean;
  // toSource[previewLine] is the 0-based source line, or -1.
  toSource: number[];
  // fromSource maps a source line to the preview lines made from it.
  fromSource: Map<number, number[]>;
  text: string;
}

export interface ClientAccess {
  client(): lc.LanguageClient | undefined;
  supports(feature: keyof NonNullable<ext.ExperimentalCapabilities["accls"]>): boolean;
}

// previewUri names the preview of a source document: the source's path with
// ".kernels.cl" added (the tab title), the source URI in the query.
export function previewUri(source: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({
    scheme,
    path: source.path + ".kernels.cl",
    query: source.toString(),
  });
}

// sameDirectoryC: b is a .c file of a's directory (where the server looks
// for the other files of a's program).
function sameDirectoryC(a: vscode.Uri, b: vscode.Uri): boolean {
  return a.scheme === b.scheme && b.path.endsWith(".c") && path.posix.dirname(a.path) === path.posix.dirname(b.path);
}

function sourceOf(preview: vscode.Uri): vscode.Uri {
  return vscode.Uri.parse(preview.query);
}

function formatBytes(n: number): string {
  if (n < 1024) {
    return `${n} B`;
  }
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let v = n;
  let u = -1;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}

const arrow: Record<string, string> = { toDevice: "host -> device", toHost: "device -> host", none: "" };

// ascii keeps the preview's own comment lines plain ASCII: VS Code marks
// non-ASCII characters in Restricted Mode.
function ascii(s: string): string {
  return s
    .replace(/[→⟶]/g, "->")
    .replace(/[←⟵]/g, "<-")
    .replace(/×/g, "x")
    .replace(/[·•]/g, "|")
    .replace(/[–—]/g, "-")
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/…/g, "...");
}

// fileName is the last element of a file URI's path.
function fileName(uri: string): string {
  const p = uri.replace(/[?#].*$/, "");
  return decodeURIComponent(p.substring(p.lastIndexOf("/") + 1));
}

// render turns a result into the preview text and its line maps.
export function render(
  res: ext.KernelsResult,
  sourceName: string,
  note: string,
): { text: string; toSource: number[] } {
  const lines: string[] = [];
  const toSource: number[] = [];
  const push = (s: string, src = -1, raw = false) => {
    for (const l of (raw ? s : ascii(s)).split("\n")) {
      lines.push(l);
      toSource.push(src);
    }
  };
  push(`// accls kernel preview of ${sourceName} (version ${res.version})${note ? ": " + note : ""}`);
  // pushCode adds a kernel's or routine's source and its line map.
  const pushCode = (code: { source: string; lineMap: ext.LineMapping[] }) => {
    const first = lines.length;
    push(code.source.replace(/\n$/, ""), -1, true);
    for (const m of code.lineMap) {
      const at = first + m.kernelLine;
      if (at < lines.length) {
        toSource[at] = m.sourceLine;
      }
    }
  };
  // routines shown (by file and OpenCL name): each once, where first called
  const shown = new Set<string>();
  if (res.message) {
    push(`// no preview: ${res.message}`);
  }
  if (res.constructs.length === 0 && !res.message) {
    push("// no OpenACC construct here");
  }
  for (const c of res.constructs) {
    push("");
    const fn = c.function ? `, in ${c.function}()` : "";
    push(`// --- #pragma acc ${c.directive} at line ${c.line + 1}${fn} (${c.kind}) ---`, c.line);
    if (c.error) {
      const r = c.error.range.start;
      push(`// cannot translate (line ${r.line + 1}:${r.character + 1}): ${c.error.message}`, r.line);
    }
    if (c.dataPlan.length > 0) {
      push("// data, in execution order:", c.line);
      for (const t of c.dataPlan) {
        const what = t.bounds || t.variable;
        const parts = [`//   ${t.when.padEnd(6)} ${t.action.padEnd(13)} ${what}`];
        if (arrow[t.direction]) {
          parts.push(arrow[t.direction]);
        }
        if (t.bytes !== undefined && t.bytes !== null) {
          parts.push(formatBytes(t.bytes));
        }
        if (t.present) {
          parts.push("already present");
        }
        if (t.clause) {
          parts.push(t.clause);
        } else if (t.implicit) {
          parts.push("implicit");
        }
        if (t.reason) {
          parts.push(t.reason);
        }
        push(parts.join(" | "), t.at.start.line);
      }
    }
    for (const k of c.kernels) {
      const how = [k.launch, k.serial ? "one work-item" : ""].filter((s) => s).join(", ");
      push(`// kernel ${k.name}${how ? ": " + how : ""}`, c.line);
      pushCode(k);
    }
    for (const r of c.routines ?? []) {
      const own = r.uri === res.uri;
      const where = own ? `line ${r.line + 1}` : `${fileName(r.uri)}:${r.line + 1}`;
      const kind = `${r.implicit ? "implicit " : ""}routine ${r.level}`;
      const clName = r.name !== r.function ? `, OpenCL name ${r.name}` : "";
      if (shown.has(r.uri + "\n" + r.name)) {
        push(`// calls ${r.function} (${kind}, ${where}): shown above`, own ? r.line : -1);
        continue;
      }
      shown.add(r.uri + "\n" + r.name);
      push(`// ${kind} ${r.function} (${where}${clName})`, own ? r.line : -1);
      pushCode(r);
    }
  }
  return { text: lines.join("\n") + "\n", toSource };
}

export class KernelPreviews implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly previews = new Map<string, Preview>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly highlight = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor("accls.kernelPreview.linkedLineBackground"),
    overviewRulerColor: new vscode.ThemeColor("editorOverviewRuler.rangeHighlightForeground"),
    overviewRulerLane: vscode.OverviewRulerLane.Center,
  });

  constructor(
    private readonly access: ClientAccess,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      this.changed,
      this.highlight,
      vscode.workspace.registerTextDocumentContentProvider(scheme, this),
      vscode.workspace.onDidChangeTextDocument((e) => {
        const key = e.document.uri.toString();
        if (e.document.uri.scheme === scheme) {
          this.rehighlight();
          return;
        }
        for (const [uri, p] of this.previews) {
          if (p.source.toString() === key) {
            this.schedule(uri, 300);
          } else if (sameDirectoryC(p.source, e.document.uri)) {
            // another file of the program: its routines show in the preview
            this.schedule(uri, 600);
          }
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => this.selectionChanged(e)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.rehighlight()),
      vscode.window.onDidChangeActiveTextEditor(() => this.rehighlight()),
      vscode.workspace.onDidCloseTextDocument((d) => {
        // Setting the language closes and reopens a document: forget a
        // preview only when it stays closed.
        if (d.uri.scheme === scheme) {
          const key = d.uri.toString();
          setTimeout(() => {
            if (!vscode.workspace.textDocuments.some((x) => x.uri.toString() === key)) {
              this.previews.delete(key);
            }
          }, 2000);
        }
      }),
    );
  }

  dispose(): void {
    for (const t of this.timers.values()) {
      clearTimeout(t);
    }
    this.disposables.forEach((d) => d.dispose());
  }

  // show opens (or focuses) the preview of a document beside it, for the
  // construct at position; follow: refresh as the cursor moves.
  async show(source: vscode.Uri, position: vscode.Position | undefined, follow: boolean): Promise<vscode.TextEditor> {
    const uri = previewUri(source);
    const key = uri.toString();
    const p = this.previews.get(key);
    if (p) {
      p.position = position;
      p.follow = follow;
      this.changed.fire(uri);
    } else {
      this.previews.set(key, { source, position, follow, toSource: [], fromSource: new Map(), text: "" });
    }
    let doc = await vscode.workspace.openTextDocument(uri);
    const languages = await vscode.languages.getLanguages();
    const lang = languages.includes("opencl") ? "opencl" : "c";
    if (doc.languageId !== lang) {
      doc = await vscode.languages.setTextDocumentLanguage(doc, lang);
    }
    const editor = await vscode.window.showTextDocument(doc, {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
    this.rehighlight();
    return editor;
  }

  // refreshAll asks for every open preview again (a new server).
  refreshAll(): void {
    for (const key of this.previews.keys()) {
      if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)) {
        this.changed.fire(vscode.Uri.parse(key));
      }
    }
  }

  // current returns the text of the preview of a source (tests, commands).
  current(source: vscode.Uri): string | undefined {
    return this.previews.get(previewUri(source).toString())?.text;
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const key = uri.toString();
    let p = this.previews.get(key);
    if (!p) {
      // Reopened from history: preview every construct.
      p = { source: sourceOf(uri), follow: true, toSource: [], fromSource: new Map(), text: "" };
      this.previews.set(key, p);
    }
    const name = path.basename(p.source.fsPath || p.source.path);
    const client = this.access.client();
    if (!client || !client.isRunning()) {
      return p.text || `// accls kernel preview of ${name}: the accls server is not running\n`;
    }
    if (!this.access.supports("kernels")) {
      return `// accls kernel preview of ${name}: this accls server does not provide accls/kernels (update accls)\n`;
    }
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === p!.source.toString());
    if (!doc) {
      // The server previews open documents only.
      await vscode.workspace.openTextDocument(p.source);
    }
    const textDocument = { uri: client.code2ProtocolConverter.asUri(p.source) };
    let note = p.follow ? "follows the cursor" : "";
    let res: ext.KernelsResult;
    try {
      const position = p.position ? client.code2ProtocolConverter.asPosition(p.position) : undefined;
      res = await client.sendRequest(ext.kernels, { textDocument, position }, token);
      if (position && res.constructs.length === 0 && !res.message) {
        res = await client.sendRequest(ext.kernels, { textDocument }, token);
        note = "the cursor is outside every construct: all constructs";
      }
    } catch (e) {
      if (token.isCancellationRequested) {
        return p.text;
      }
      const msg = e instanceof Error ? e.message : String(e);
      this.log.appendLine(`accls/kernels failed: ${msg}`);
      return `// accls kernel preview of ${name}: ${msg}\n`;
    }
    this.log.debug(`kernel preview of ${name} v${res.version} at ${p.position ? `${p.position.line + 1}:${p.position.character + 1}` : "all"}: ${res.constructs.length} constructs`);
    const r = render(res, name, note);
    p.text = r.text;
    p.toSource = r.toSource;
    p.fromSource = new Map();
    r.toSource.forEach((src, line) => {
      if (src >= 0) {
        const l = p!.fromSource.get(src) ?? [];
        l.push(line);
        p!.fromSource.set(src, l);
      }
    });
    setTimeout(() => this.rehighlight(), 0);
    return r.text;
  }

  private schedule(key: string, ms: number): void {
    const old = this.timers.get(key);
    if (old) {
      clearTimeout(old);
    }
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.changed.fire(vscode.Uri.parse(key));
      }, ms),
    );
  }

  private selectionChanged(e: vscode.TextEditorSelectionChangeEvent): void {
    const uri = e.textEditor.document.uri;
    if (uri.scheme !== scheme) {
      const key = previewUri(uri).toString();
      const p = this.previews.get(key);
      if (p && p.follow) {
        const pos = e.selections[0].active;
        const before = p.position;
        p.position = pos;
        if (!before || before.line !== pos.line) {
          this.schedule(key, 150);
        }
      }
    }
    this.rehighlight(e.textEditor);
  }

  // rehighlight marks related lines: from the active editor's cursor line to
  // the lines of the other side.
  private rehighlight(active = vscode.window.activeTextEditor): void {
    const editors = vscode.window.visibleTextEditors;
    for (const [key, p] of this.previews) {
      const src = p.source.toString();
      const previewEds = editors.filter((e) => e.document.uri.toString() === key);
      const sourceEds = editors.filter((e) => e.document.uri.toString() === src);
      if (previewEds.length === 0) {
        sourceEds.forEach((e) => e.setDecorations(this.highlight, []));
        continue;
      }
      let srcLines: number[] = [];
      let prevLines: number[] = [];
      if (active && active.document.uri.toString() === key) {
        const s = p.toSource[active.selection.active.line] ?? -1;
        if (s >= 0) {
          srcLines = [s];
          prevLines = p.fromSource.get(s) ?? [];
        }
      } else {
        const ed = active && active.document.uri.toString() === src ? active : sourceEds[0];
        if (ed) {
          const s = ed.selection.active.line;
          prevLines = p.fromSource.get(s) ?? [];
          if (prevLines.length > 0) {
            srcLines = [s];
          }
        }
      }
      const ranges = (lines: number[], doc: vscode.TextDocument) =>
        lines.filter((l) => l < doc.lineCount).map((l) => doc.lineAt(l).range);
      for (const e of sourceEds) {
        e.setDecorations(this.highlight, ranges(srcLines, e.document));
        if (active && active.document.uri.toString() === key && srcLines.length > 0) {
          e.revealRange(e.document.lineAt(Math.min(srcLines[0], e.document.lineCount - 1)).range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
        }
      }
      for (const e of previewEds) {
        e.setDecorations(this.highlight, ranges(prevLines, e.document));
        if (active && active.document.uri.toString() !== key && prevLines.length > 0 && prevLines[0] < e.document.lineCount) {
          e.revealRange(e.document.lineAt(prevLines[0]).range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
        }
      }
    }
  }
}
