// The VS Code client of accls, the OpenACC language server for C.
import * as cp from "child_process";
import * as path from "path";
import * as readline from "readline";
import * as vscode from "vscode";
import * as lc from "vscode-languageclient/node";
import { Devices } from "./devices";
import { ClientAccess, KernelPreviews, scheme as kernelsScheme } from "./kernels";
import * as ext from "./lsp_ext";
import { Runner } from "./run";
import { findServer, ServerBinary, ServerNotFoundError } from "./server";

const crashWindowMs = 3 * 60 * 1000;
const maxCrashes = 5;

let extension: Extension | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extension = new Extension(context);
  await extension.start();
}

export async function deactivate(): Promise<void> {
  await extension?.stop();
  extension = undefined;
}

// settings is the accls section as the server reads it (initializationOptions).
function settings(): Record<string, unknown> {
  const c = vscode.workspace.getConfiguration("accls");
  return {
    device: c.get("device"),
    cc: c.get("cc"),
    cflags: c.get("cflags"),
    includePaths: c.get("includePaths"),
    defines: c.get("defines"),
    fpContract: c.get("fpContract"),
    cacheStage: c.get("cacheStage"),
    run: { args: c.get("run.args"), timeoutSeconds: c.get("run.timeoutSeconds") },
  };
}

// logServerLine writes a line of the server's stderr at its slog level.
function logServerLine(channel: vscode.LogOutputChannel, line: string): void {
  const m = /^time=\S+ level=(DEBUG|INFO|WARN|ERROR)(?:[+-]\d+)? (.*)$/.exec(line);
  if (!m) {
    channel.error(line);
    return;
  }
  const rest = m[2];
  switch (m[1]) {
    case "DEBUG":
      channel.debug(rest);
      break;
    case "INFO":
      channel.info(rest);
      break;
    case "WARN":
      channel.warn(rest);
      break;
    default:
      channel.error(rest);
  }
}

class Extension implements ClientAccess {
  private lc: lc.LanguageClient | undefined;
  private readonly serverLog: vscode.LogOutputChannel;
  private readonly programOutput: vscode.OutputChannel;
  private readonly status: vscode.LanguageStatusItem;
  private readonly previews: KernelPreviews;
  private readonly runner: Runner;
  private readonly devices: Devices;
  private binary: ServerBinary | undefined;
  private proc: cp.ChildProcess | undefined;
  private exit: Promise<string> | undefined;
  private crashes: number[] = [];
  private stopping = false;

  constructor(private readonly context: vscode.ExtensionContext) {
    this.serverLog = vscode.window.createOutputChannel("accls", { log: true });
    this.programOutput = vscode.window.createOutputChannel("accls: Program Output");
    this.status = vscode.languages.createLanguageStatusItem("accls.server", [{ language: "c" }, { language: "cpp" }]);
    this.status.name = "accls";
    this.status.text = "accls";
    this.status.command = { title: "Restart", command: "accls.restartServer" };
    this.previews = new KernelPreviews(this, this.serverLog);
    this.runner = new Runner(this, this.programOutput, this.serverLog);
    this.devices = new Devices(this, this.serverLog, context.workspaceState);
    const subs = context.subscriptions;
    subs.push(this.serverLog, this.programOutput, this.status, this.previews, this.runner, this.devices);
    subs.push(
      vscode.commands.registerCommand("accls.showKernels", (arg?: unknown) => this.showKernels(arg)),
      vscode.commands.registerCommand("accls.run", (arg?: unknown) => this.runner.run(arg)),
      vscode.commands.registerCommand("accls.selectDevice", (arg?: unknown) => this.devices.select(arg)),
      vscode.commands.registerCommand(ext.applySnippetEditCommand, (arg?: unknown) => this.applySnippetEdit(arg)),
      vscode.commands.registerCommand("accls.restartServer", () => this.restart()),
      vscode.commands.registerCommand("accls.showServerLog", () => this.serverLog.show(true)),
      vscode.window.onDidChangeActiveTextEditor(() => this.devices.update()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration("accls.path")) {
          this.serverLog.appendLine("accls.path changed: restarting the server");
          void this.restart();
        } else if (e.affectsConfiguration("accls.device")) {
          void this.devices.refresh();
        }
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        void vscode.commands.executeCommand("setContext", "accls.canRun", this.supports("run"));
        // Run lenses were held back while untrusted: ask for lenses again.
        this.refreshCodeLenses();
      }),
    );
  }

  client(): lc.LanguageClient | undefined {
    return this.lc;
  }

  supports(feature: keyof NonNullable<ext.ExperimentalCapabilities["accls"]>): boolean {
    return this.experimental()?.[feature] === true;
  }

  private experimental(): ext.ExperimentalCapabilities["accls"] {
    const caps = this.lc?.initializeResult?.capabilities.experimental as ext.ExperimentalCapabilities | undefined;
    return caps?.accls;
  }

  private makeClient(): lc.LanguageClient {
    const serverOptions: lc.ServerOptions = async () => this.spawn();
    const errorHandler: lc.ErrorHandler = {
      // A broken pipe comes before the close of a server that died: carry on
      // quietly, closed() restarts it with a message.
      error: (error, _message, count) => {
        this.serverLog.appendLine(`[client] connection error (${count ?? "?"}): ${error.message}`);
        return { action: lc.ErrorAction.Continue, handled: true };
      },
      closed: async () => this.closed(),
    };
    const middleware: lc.Middleware = {
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        if (!lenses) {
          return lenses;
        }
        // Run needs a trusted workspace; C++ gets the directive-level
        // features only (no preview, no run).
        return lenses.filter((l) => {
          const cmd = l.command?.command;
          if (document.languageId !== "c" && (cmd === "accls.run" || cmd === "accls.showKernels")) {
            return false;
          }
          return cmd !== "accls.run" || vscode.workspace.isTrusted;
        });
      },
      handleRegisterCapability: async (params, next) => {
        // The extension registers the server's commands itself.
        for (const r of params.registrations) {
          if (r.method === lc.ExecuteCommandRequest.method && r.registerOptions?.commands) {
            r.registerOptions.commands = r.registerOptions.commands.filter((c: string) => !ext.serverCommands.includes(c));
          }
        }
        await next(params, lc.CancellationToken.None);
      },
    };
    const client = new lc.LanguageClient(
      "accls",
      "accls",
      serverOptions,
      {
        documentSelector: [
          { scheme: "file", language: "c" },
          { scheme: "untitled", language: "c" },
          { scheme: "file", language: "cpp" },
          { scheme: "untitled", language: "cpp" },
        ],
        outputChannel: this.serverLog,
        // The server logs with log/slog's text format on stderr: keep its
        // level, drop its timestamp (the channel has its own).
        stdioOptions: {
          stdout: () => {},
          stderr: (input, channel) => {
            readline.createInterface({ input, crlfDelay: Infinity, terminal: false }).on("line", (line) => logServerLine(channel, line));
          },
        },
        revealOutputChannelOn: lc.RevealOutputChannelOn.Never,
        initializationOptions: () => settings(),
        synchronize: { configurationSection: "accls" },
        errorHandler,
        middleware,
        markdown: { isTrusted: false, supportHtml: false },
        diagnosticCollectionName: "accls",
      },
    );
    // The server mirrors accls/kernels, accls/run and accls/selectDevice as
    // commands; this extension registers those ids itself (rendering the
    // results), so keep vscode-languageclient from registering them again.
    const strip: lc.StaticFeature = {
      // Quick fixes that ask for text (the length of a pointer's data) come
      // as the command accls.applySnippetEdit, which this extension runs.
      fillClientCapabilities: (capabilities) => {
        const experimental = (capabilities.experimental ?? {}) as ext.ExperimentalClientCapabilities;
        experimental.accls = { ...experimental.accls, snippetEdits: true };
        capabilities.experimental = experimental;
      },
      getState: () => ({ kind: "static" }),
      preInitialize: (capabilities) => {
        if (capabilities.executeCommandProvider?.commands) {
          capabilities.executeCommandProvider.commands = capabilities.executeCommandProvider.commands.filter(
            (c) => !ext.serverCommands.includes(c),
          );
        }
      },
      initialize: () => {},
      clear: () => {},
    };
    client.registerFeature(strip);
    client.onNotification(ext.runOutput, (p) => this.runner.onOutput(p));
    client.onDidChangeState((e) => this.stateChanged(e.newState));
    return client;
  }

  // applySnippetEdit runs the command of a quick fix that asks for text: the
  // snippet replaces the range in the editor, its placeholder selected for
  // typing. A document edited since the fix was computed is left alone.
  private async applySnippetEdit(arg: unknown): Promise<void> {
    const a = arg as ext.SnippetEditArgs | undefined;
    const client = this.lc;
    if (!client || !a?.textDocument?.uri || !a.range || typeof a.snippet !== "string") {
      return;
    }
    const doc = await vscode.workspace.openTextDocument(client.protocol2CodeConverter.asUri(a.textDocument.uri));
    if (typeof a.textDocument.version === "number" && doc.version !== a.textDocument.version) {
      void vscode.window.showWarningMessage("accls: the file changed since the fix was offered; ask for the fix again.");
      return;
    }
    const editor = await vscode.window.showTextDocument(doc);
    await editor.insertSnippet(new vscode.SnippetString(a.snippet), client.protocol2CodeConverter.asRange(a.range));
  }

  // spawn starts the binary; its exit is logged and kept for the crash message.
  private spawn(): cp.ChildProcess {
    let bin: ServerBinary;
    try {
      bin = findServer(this.context.extensionPath);
    } catch (e) {
      this.binary = undefined;
      throw e;
    }
    this.binary = bin;
    const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    this.serverLog.appendLine(`[client] starting ${bin.path} serve (${bin.from === "bundled" ? "shipped with the extension" : bin.from === "PATH" ? "found on PATH" : "accls.path"})`);
    const proc = cp.spawn(bin.path, ["serve"], { cwd, env: process.env, stdio: "pipe" });
    this.proc = proc;
    this.exit = new Promise((resolve) => {
      proc.on("error", (err) => {
        this.serverLog.appendLine(`[client] could not start ${bin.path}: ${err.message}`);
        resolve(err.message);
      });
      proc.on("exit", (code, signal) => {
        const how = signal ? `signal ${signal}` : `exit status ${code}`;
        this.serverLog.appendLine(`[client] accls (pid ${proc.pid}) ended with ${how}`);
        resolve(how);
      });
    });
    return proc;
  }

  private async closed(): Promise<lc.CloseHandlerResult> {
    if (this.stopping) {
      return { action: lc.CloseAction.DoNotRestart, handled: true };
    }
    const how = await Promise.race([this.exit ?? Promise.resolve("unknown"), new Promise<string>((r) => setTimeout(() => r("connection closed"), 1000))]);
    const now = Date.now();
    this.crashes = this.crashes.filter((t) => now - t < crashWindowMs);
    this.crashes.push(now);
    const log = "Show Server Log";
    if (this.crashes.length > maxCrashes) {
      const restart = "Restart Server";
      void vscode.window
        .showErrorMessage(
          `accls: the server stopped unexpectedly ${this.crashes.length} times in 3 minutes (last: ${how}); it is not restarted again. Diagnostics are off until you restart it.`,
          restart,
          log,
        )
        .then((pick) => {
          if (pick === restart) {
            void this.restart();
          } else if (pick === log) {
            this.serverLog.show(true);
          }
        });
      return { action: lc.CloseAction.DoNotRestart, handled: true };
    }
    void vscode.window
      .showWarningMessage(`accls: the server stopped unexpectedly (${how}); restarting it.`, log)
      .then((pick) => {
        if (pick === log) {
          this.serverLog.show(true);
        }
      });
    this.serverLog.appendLine(`[client] the server stopped unexpectedly (${how}); restarting (${this.crashes.length} in the last 3 minutes)`);
    return { action: lc.CloseAction.Restart, handled: true };
  }

  private stateChanged(s: lc.State): void {
    const running = s === lc.State.Running;
    void vscode.commands.executeCommand("setContext", "accls.serverRunning", running);
    if (running) {
      const info = this.lc?.initializeResult?.serverInfo;
      const version = info?.version ? ` ${info.version}` : "";
      this.status.text = `accls${version}`;
      this.status.detail = this.binary ? `running · ${this.binary.from === "bundled" ? "bundled" : this.binary.path}` : "running";
      this.status.severity = vscode.LanguageStatusSeverity.Information;
      this.status.busy = false;
      const x = this.experimental() ?? {};
      const missing = (["kernels", "devices", "selectDevice", "run", "runOutput"] as const).filter((f) => !x[f]);
      this.serverLog.appendLine(
        `[client] accls${version} running` + (missing.length ? `; this server does not provide: ${missing.join(", ")}` : "; preview, devices and run available"),
      );
      void vscode.commands.executeCommand("setContext", "accls.canRun", this.supports("run"));
      void this.devices.restore();
      this.previews.refreshAll();
    } else if (s === lc.State.Starting) {
      this.status.detail = "starting";
      this.status.busy = true;
    } else {
      this.status.detail = "stopped";
      this.status.busy = false;
      this.status.severity = vscode.LanguageStatusSeverity.Warning;
      this.devices.update();
    }
  }

  async start(): Promise<void> {
    this.stopping = false;
    if (!this.lc) {
      this.lc = this.makeClient();
    }
    try {
      await this.lc.start();
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      this.serverLog.appendLine(`[client] ${msg}`);
      this.status.detail = "not running";
      this.status.severity = vscode.LanguageStatusSeverity.Error;
      const settingsButton = "Open Settings";
      const pick = await vscode.window.showErrorMessage(
        e instanceof ServerNotFoundError ? `accls: ${msg}` : `accls: the server could not start: ${msg}`,
        settingsButton,
      );
      if (pick === settingsButton) {
        await vscode.commands.executeCommand("workbench.action.openSettings", "accls.path");
      }
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const c = this.lc;
    const proc = this.proc;
    if (c && c.isRunning()) {
      try {
        await c.stop(5000);
      } catch (e) {
        this.serverLog.appendLine(`[client] stop: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      proc.kill();
    }
  }

  async restart(): Promise<void> {
    this.serverLog.appendLine("[client] restarting the server");
    this.crashes = [];
    await this.stop();
    if (this.lc) {
      await this.lc.dispose().catch(() => undefined);
      this.lc = undefined;
    }
    await this.start();
  }

  private refreshCodeLenses(): void {
    const feature = this.lc?.getFeature(lc.CodeLensRequest.method);
    const ed = vscode.window.activeTextEditor;
    if (feature && ed) {
      const provider = feature.getProvider(ed.document);
      provider?.onDidChangeCodeLensEmitter.fire();
    }
  }

  private async showKernels(arg?: unknown): Promise<void> {
    const client = this.lc;
    if (!client || !client.isRunning()) {
      void vscode.window.showErrorMessage("accls: the server is not running.");
      return;
    }
    if (!this.supports("kernels")) {
      void vscode.window.showErrorMessage("accls: this accls server has no kernel preview (accls/kernels); update accls.");
      return;
    }
    const given = arg as Partial<ext.KernelsParams> | vscode.Uri | undefined;
    let uri: vscode.Uri | undefined;
    let position: vscode.Position | undefined;
    if (given instanceof vscode.Uri) {
      uri = given;
    } else if (given?.textDocument?.uri) {
      uri = client.protocol2CodeConverter.asUri(given.textDocument.uri);
      position = given.position ? client.protocol2CodeConverter.asPosition(given.position) : undefined;
    }
    const ed = vscode.window.activeTextEditor;
    if (!uri && ed) {
      uri = ed.document.uri.scheme === kernelsScheme ? vscode.Uri.parse(ed.document.uri.query) : ed.document.uri;
      if (ed.document.uri.scheme !== kernelsScheme) {
        position = ed.selection.active;
      }
    }
    if (!uri) {
      void vscode.window.showErrorMessage("accls: open a C file with OpenACC directives first.");
      return;
    }
    if (position === undefined && ed && ed.document.uri.toString() === uri.toString()) {
      position = ed.selection.active;
    }
    // Opened from a code lens, the preview starts at that construct and then
    // follows the cursor like one opened from the command palette.
    await this.previews.show(uri, position, true);
    this.serverLog.appendLine(`[client] kernel preview of ${path.basename(uri.fsPath)}`);
  }
}
