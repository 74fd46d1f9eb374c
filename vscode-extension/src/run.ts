// Run on Device: accls/run with a cancellable progress notification, the
// program's output streamed into an output channel (accls/runOutput), and a
// summary with per-kernel device times at the end.
import * as path from "path";
import * as vscode from "vscode";
import * as lc from "vscode-languageclient/node";
import * as ext from "./lsp_ext";
import { ClientAccess } from "./kernels";

function ms(v: number): string {
  if (v >= 1000) {
    return `${(v / 1000).toFixed(2)} s`;
  }
  if (v >= 10) {
    return `${v.toFixed(0)} ms`;
  }
  return `${v.toFixed(3)} ms`;
}

function bytes(n: number): string {
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
  return `${v.toFixed(1)} ${units[u]}`;
}

// summary formats a run's result for the program output channel.
export function summary(r: ext.RunResult): string {
  const out: string[] = [];
  out.push(`── ${r.message} ──`);
  const phases = [`translate ${ms(r.translateMs)}`, `build ${ms(r.buildMs)}`];
  if (r.outcome === "exited" || r.outcome === "signaled" || r.outcome === "timedOut" || r.outcome === "cancelled") {
    phases.push(`run ${ms(r.wallMs)}`);
  }
  out.push(phases.join(" · ") + (r.deviceName ? ` · device ${r.deviceName}` : ""));
  if (r.kernels && r.kernels.length > 0) {
    out.push("kernels (device time):");
    const w = Math.max(...r.kernels.map((k) => k.name.length));
    for (const k of r.kernels) {
      const avg = k.launches > 0 ? k.totalMs / k.launches : 0;
      out.push(
        `  ${k.name.padEnd(w)}  ${String(k.launches).padStart(5)} launch${k.launches === 1 ? " " : "es"}  ${ms(k.totalMs).padStart(10)}  (${ms(avg)} each)`,
      );
    }
  }
  const t = r.transfers;
  if (t && (t.h2dCount > 0 || t.d2hCount > 0)) {
    out.push(
      `transfers: host → device ${t.h2dCount} × ${bytes(t.h2dBytes)} in ${ms(t.h2dMs)}; device → host ${t.d2hCount} × ${bytes(t.d2hBytes)} in ${ms(t.d2hMs)}`,
    );
  }
  if (r.programBuilds && r.programBuilds.count > 0) {
    out.push(`OpenCL program builds: ${r.programBuilds.count} in ${ms(r.programBuilds.ms)}`);
  }
  if (!r.profile && (r.outcome === "exited" || r.outcome === "signaled")) {
    out.push("(no device profile: the program did not use the device or did not exit normally)");
  }
  if (r.diagnostics) {
    out.push(`${r.diagnostics} problem${r.diagnostics === 1 ? "" : "s"} reported in the Problems panel`);
  }
  if (r.outputDropped) {
    out.push("(output past 4 MiB was dropped)");
  }
  return out.join("\n");
}

export class Runner implements vscode.Disposable {
  private seq = 0;
  private current: string | undefined;
  private readonly pending = new Map<string, string>();
  readonly running = new Set<string>();

  constructor(
    private readonly access: ClientAccess,
    private readonly output: vscode.OutputChannel,
    private readonly log: vscode.OutputChannel,
  ) {}

  dispose(): void {}

  // onOutput takes accls/runOutput notifications (registered once per client).
  // Output is shown line by line per stream, so that stdout and stderr never
  // share a line however their chunks interleave (stdout to a pipe is
  // block-buffered); flushOutput writes what is left of unfinished lines.
  onOutput(p: ext.RunOutputParams): void {
    if (!this.running.has(p.runId)) {
      return;
    }
    const key = `${p.runId}/${p.stream}`;
    const text = (this.pending.get(key) ?? "") + p.text;
    const end = text.lastIndexOf("\n") + 1;
    if (end > 0) {
      this.output.append(text.slice(0, end));
    }
    this.pending.set(key, text.slice(end));
  }

  private flushOutput(runId: string): void {
    for (const stream of ["stdout", "stderr"]) {
      const key = `${runId}/${stream}`;
      const rest = this.pending.get(key);
      if (rest) {
        this.output.appendLine(rest);
      }
      this.pending.delete(key);
    }
  }

  async run(arg?: unknown): Promise<ext.RunResult | undefined> {
    if (!vscode.workspace.isTrusted) {
      const manage = "Manage Workspace Trust";
      const pick = await vscode.window.showWarningMessage(
        "accls: Run on Device is disabled in an untrusted workspace: it builds and runs the program. Diagnostics and the kernel preview still work.",
        manage,
      );
      if (pick === manage) {
        await vscode.commands.executeCommand("workbench.trust.manage");
      }
      return undefined;
    }
    const client = this.access.client();
    if (!client || !client.isRunning()) {
      void vscode.window.showErrorMessage("accls: the server is not running.");
      return undefined;
    }
    if (!this.access.supports("run")) {
      void vscode.window.showErrorMessage("accls: this accls server cannot run programs (no accls/run); update accls.");
      return undefined;
    }
    let uri: vscode.Uri | undefined;
    const given = arg as Partial<ext.RunParams> | vscode.Uri | undefined;
    if (given instanceof vscode.Uri) {
      uri = given;
    } else if (given && given.textDocument?.uri) {
      uri = client.protocol2CodeConverter.asUri(given.textDocument.uri);
    } else {
      const ed = vscode.window.activeTextEditor;
      if (ed) {
        // From the kernel preview: run its source.
        uri = ed.document.uri.scheme === "accls-kernels" ? vscode.Uri.parse(ed.document.uri.query) : ed.document.uri;
      }
    }
    if (!uri) {
      void vscode.window.showErrorMessage("accls: open the C file to run.");
      return undefined;
    }
    // The server runs the open document's current text.
    await vscode.workspace.openTextDocument(uri);
    const name = path.basename(uri.fsPath || uri.path);
    const runId = `vscode-${process.pid}-${++this.seq}`;
    const token = `accls-run-${runId}`;
    const params: ext.RunParams = {
      textDocument: { uri: client.code2ProtocolConverter.asUri(uri) },
      runId,
      workDoneToken: token,
    };
    if (given && !(given instanceof vscode.Uri)) {
      if (given.device !== undefined) params.device = given.device;
      if (given.args !== undefined) params.args = given.args;
      if (given.timeoutSeconds !== undefined) params.timeoutSeconds = given.timeoutSeconds;
    }
    this.output.clear();
    this.output.show(true);
    this.output.appendLine(`▶ accls run ${name}`);
    this.running.add(runId);
    this.current = runId;
    try {
      return await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `accls: ${name}`, cancellable: true },
        async (progress, cancel) => this.request(client, params, token, progress, cancel, name),
      );
    } finally {
      this.running.delete(runId);
      if (this.current === runId) {
        this.current = undefined;
      }
    }
  }

  private async request(
    client: lc.LanguageClient,
    params: ext.RunParams,
    token: string,
    progress: vscode.Progress<{ message?: string; increment?: number }>,
    cancel: vscode.CancellationToken,
    name: string,
  ): Promise<ext.RunResult | undefined> {
    const requestCancel = new vscode.CancellationTokenSource();
    const subs: vscode.Disposable[] = [requestCancel];
    subs.push(
      client.onProgress(lc.WorkDoneProgress.type, token, (v) => {
        if (v.kind !== "end" && v.message) {
          progress.report({ message: v.message });
        }
      }),
    );
    let hard: NodeJS.Timeout | undefined;
    subs.push(
      cancel.onCancellationRequested(() => {
        // Progress cancellation: the server kills the program and still
        // answers with a summary (outcome "cancelled"); cancel the request
        // itself only if that answer does not come.
        void client.sendNotification(lc.WorkDoneProgressCancelNotification.type, { token });
        hard = setTimeout(() => requestCancel.cancel(), 10000);
      }),
    );
    progress.report({ message: "translate" });
    try {
      const res = await client.sendRequest(ext.run, params, requestCancel.token);
      this.flushOutput(params.runId ?? "");
      this.output.appendLine(summary(res));
      this.log.appendLine(`run ${name}: ${res.message}`);
      const show = "Show Output";
      const ok = res.outcome === "exited" && res.exitCode === 0;
      const say = ok || res.outcome === "cancelled" ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
      void say(`accls: ${name}: ${res.message}`, show).then((pick) => {
        if (pick === show) {
          this.output.show(true);
        }
      });
      return res;
    } catch (e) {
      const msg = e instanceof lc.ResponseError && e.code === lc.LSPErrorCodes.RequestCancelled ? "cancelled" : e instanceof Error ? e.message : String(e);
      this.flushOutput(params.runId ?? "");
      this.output.appendLine(`\n── run failed: ${msg} ──`);
      if (msg !== "cancelled") {
        void vscode.window.showErrorMessage(`accls: run of ${name} failed: ${msg}`);
      }
      return undefined;
    } finally {
      if (hard) {
        clearTimeout(hard);
      }
      subs.forEach((d) => d.dispose());
    }
  }
}
