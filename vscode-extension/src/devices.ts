// Select Device: a quick pick of the OpenCL devices accls/devices lists, and
// a status bar item that shows the device runs use.
import * as vscode from "vscode";
import * as ext from "./lsp_ext";
import { ClientAccess } from "./kernels";

function gib(n: number): string {
  return n >= 1 << 30 ? `${(n / (1 << 30)).toFixed(1)} GiB` : `${Math.round(n / (1 << 20))} MiB`;
}

const stateKey = "accls.selectedDevice";

export class Devices implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private last: ext.DevicesResult | undefined;

  constructor(
    private readonly access: ClientAccess,
    private readonly log: vscode.OutputChannel,
    // Keeps the selection for this workspace across sessions (never in the
    // workspace's files).
    private readonly state: vscode.Memento,
  ) {
    this.item = vscode.window.createStatusBarItem("accls.device", vscode.StatusBarAlignment.Right, 100);
    this.item.name = "accls: OpenCL device";
    this.item.command = "accls.selectDevice";
  }

  dispose(): void {
    this.item.dispose();
  }

  // update shows or hides the item for the active editor.
  update(): void {
    const ed = vscode.window.activeTextEditor;
    const c = ed && (ed.document.languageId === "c" || ed.document.uri.scheme === "accls-kernels");
    const client = this.access.client();
    if (!c || !client || !client.isRunning() || !this.access.supports("devices")) {
      this.item.hide();
      return;
    }
    this.render();
    this.item.show();
  }

  private render(): void {
    const r = this.last;
    const setting = vscode.workspace.getConfiguration("accls").get<string>("device", "");
    if (!r) {
      this.item.text = `$(circuit-board) ${setting || "default device"}`;
      this.item.tooltip = "accls: the OpenCL device for Run on Device. Click to select one.";
      return;
    }
    if (r.devices.length === 0) {
      this.item.text = "$(circuit-board) no OpenCL device";
      this.item.tooltip = `accls: ${r.error || "no OpenCL device found"}. Click to list again.`;
      return;
    }
    const d = r.selectedIndex !== undefined ? r.devices[r.selectedIndex] : undefined;
    if (isHost(r.selected)) {
      this.item.text = "$(vm) host";
      this.item.tooltip = "accls: Run on Device runs each compute construct's own C code on the host (no OpenCL). Click to select a device.";
    } else if (d) {
      this.item.text = `$(circuit-board) ${d.name.length > 32 ? d.name.slice(0, 31) + "…" : d.name}`;
      const md = new vscode.MarkdownString(
        `**${d.name}** (${d.type}, ${d.platform})\n\n` +
          `selector \`${r.selected || "(default)"}\` → \`${d.selector}\` · ${d.computeUnits} compute units · ${gib(d.globalMemBytes)} · ${d.version}\n\n` +
          "Click to select another device.",
      );
      this.item.tooltip = md;
    } else {
      this.item.text = `$(circuit-board) ${r.selected || "default"} (no match)`;
      this.item.tooltip = `accls: no device matches "${r.selected}". Click to select one.`;
    }
  }

  // restore gives a new server the device selected in an earlier session,
  // then lists the devices for the status bar.
  async restore(): Promise<void> {
    const selector = this.state.get<string>(stateKey);
    const client = this.access.client();
    if (selector !== undefined && client && client.isRunning() && this.access.supports("selectDevice")) {
      try {
        this.last = await client.sendRequest(ext.selectDevice, { device: selector });
        this.update();
        return;
      } catch (e) {
        this.log.appendLine(`[client] the device selected earlier ("${selector}") is gone: ${e instanceof Error ? e.message : String(e)}`);
        await this.state.update(stateKey, undefined);
      }
    }
    await this.refresh();
  }

  // refresh asks the server for the list; errors are logged, not shown.
  async refresh(listAgain = false): Promise<ext.DevicesResult | undefined> {
    const client = this.access.client();
    if (!client || !client.isRunning() || !this.access.supports("devices")) {
      this.last = undefined;
      this.update();
      return undefined;
    }
    try {
      this.last = await client.sendRequest(ext.devices, { refresh: listAgain });
    } catch (e) {
      this.log.appendLine(`accls/devices failed: ${e instanceof Error ? e.message : String(e)}`);
      this.last = undefined;
    }
    this.update();
    return this.last;
  }

  // select is the accls.selectDevice command: with a selector string, select
  // it; without one, pick from the list.
  async select(arg?: unknown): Promise<ext.DevicesResult | undefined> {
    const client = this.access.client();
    if (!client || !client.isRunning()) {
      void vscode.window.showErrorMessage("accls: the server is not running.");
      return undefined;
    }
    if (!this.access.supports("devices")) {
      void vscode.window.showErrorMessage("accls: this accls server cannot list devices (no accls/devices); update accls.");
      return undefined;
    }
    let selector: string | undefined = typeof arg === "string" ? arg : (arg as ext.SelectDeviceParams | undefined)?.device;
    if (selector === undefined) {
      const list = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: "accls: listing OpenCL devices" },
        () => this.refresh(true),
      );
      if (!list) {
        return undefined;
      }
      if (list.devices.length === 0) {
        void vscode.window.showWarningMessage(`accls: no OpenCL device: ${list.error || "none found"}`);
        return list;
      }
      type Item = vscode.QuickPickItem & { selector: string };
      const items: Item[] = [
        {
          label: "$(star) Default device",
          description: "the first GPU, else CPU, else accelerator" + (list.selected === "" ? " · selected" : ""),
          selector: "",
        },
        ...list.devices.map((d, i) => ({
          label: `$(circuit-board) ${d.name}`,
          description: `${d.type} · ${d.platform}` + (list.selectedIndex === i ? (list.selected === "" ? " · the default" : " · selected") : ""),
          detail: `${d.selector} · ${d.computeUnits} compute units · ${gib(d.globalMemBytes)} · ${d.version}${d.available ? "" : " · not available"}`,
          selector: d.selector,
        })),
        {
          label: "$(vm) The host",
          description: "each compute construct's own C code, no OpenCL" + (isHost(list.selected) ? " · selected" : ""),
          detail: "host · to compare a run with the device's",
          selector: "host",
        },
      ];
      const pick = await vscode.window.showQuickPick(items, {
        title: "accls: OpenCL device for Run on Device",
        placeHolder: list.selectedIndex !== undefined ? `now: ${list.devices[list.selectedIndex].name}` : "select a device",
        matchOnDescription: true,
        matchOnDetail: true,
      });
      if (!pick) {
        return undefined;
      }
      selector = pick.selector;
    }
    try {
      this.last = await client.sendRequest(ext.selectDevice, { device: selector });
    } catch (e) {
      void vscode.window.showErrorMessage(`accls: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
    await this.state.update(stateKey, selector);
    this.update();
    return this.last;
  }
}

// isHost reports whether a selector selects the host (the server's
// isHostSelector).
function isHost(selector: string | undefined): boolean {
  return (selector ?? "").trim().toLowerCase() === "host";
}
