// The accls protocol extensions, as docs/lsp-extensions.md declares them for
// TypeScript clients. Keep in step with server/lsp_ext.go.
import * as lc from "vscode-languageclient/node";

export interface ExperimentalCapabilities {
  accls?: { kernels?: boolean; devices?: boolean; selectDevice?: boolean; run?: boolean; runOutput?: boolean };
}

// What the client tells the server it does beyond LSP
// (capabilities.experimental).
export interface ExperimentalClientCapabilities {
  accls?: { snippetEdits?: boolean };
}

// A client command (the server does not run it): quick fixes that ask the
// user for text come as this command when the client declares snippetEdits.
export const applySnippetEditCommand = "accls.applySnippetEdit";
export interface SnippetEditArgs {
  textDocument: lc.VersionedTextDocumentIdentifier;
  range: lc.Range;
  snippet: string;
}

// The command ids the server mirrors through workspace/executeCommand. The
// extension registers them itself (with client-side rendering) and keeps
// vscode-languageclient from registering them a second time.
export const serverCommands = ["accls.showKernels", "accls.run", "accls.selectDevice"];

// --- accls/kernels -----------------------------------------------------------

export const kernels = new lc.RequestType<KernelsParams, KernelsResult, void>("accls/kernels");

export interface KernelsParams {
  textDocument: lc.TextDocumentIdentifier;
  position?: lc.Position;
}
export interface KernelsResult {
  uri: string;
  version: number;
  constructs: ConstructPreview[];
  message?: string;
}
export interface ConstructPreview {
  kind: "compute" | "data" | "enter data" | "exit data" | "update" | "implicit data";
  directive: string;
  function: string;
  line: number;
  range: lc.Range;
  directiveRange: lc.Range;
  kernels: KernelPreview[];
  // The routines the kernels call (and those call), in the order first called.
  routines?: RoutinePreview[];
  dataPlan: DataTransfer[];
  error?: PreviewError;
  children?: number[];
}
export interface KernelPreview {
  name: string;
  source: string;
  lineMap: LineMapping[];
  launch?: string;
  serial?: boolean;
}
export interface RoutinePreview {
  name: string; // OpenCL name
  function: string; // C name
  level: "seq" | "vector" | "worker" | "gang";
  implicit?: boolean;
  uri: string; // the file that defines it
  line: number;
  source: string;
  lineMap: LineMapping[]; // empty for another file's routine
}
export interface LineMapping {
  kernelLine: number;
  sourceLine: number;
}
export interface DataTransfer {
  variable: string;
  bounds?: string;
  bytes?: number;
  action: string;
  direction: "toDevice" | "toHost" | "none";
  when: "entry" | "exit" | "here" | "launch";
  at: lc.Range;
  clause?: string;
  implicit?: boolean;
  present?: boolean;
  presentFrom?: lc.Range;
  reason?: string;
}
export interface PreviewError {
  range: lc.Range;
  message: string;
}

// --- accls/devices, accls/selectDevice ----------------------------------------

export const devices = new lc.RequestType<DevicesParams, DevicesResult, void>("accls/devices");
export const selectDevice = new lc.RequestType<SelectDeviceParams, DevicesResult, void>("accls/selectDevice");

export interface DevicesParams {
  refresh?: boolean;
}
export interface SelectDeviceParams {
  device?: string;
}
export interface DevicesResult {
  platforms: Platform[];
  devices: Device[];
  selected: string;
  selectedIndex?: number;
  error?: string;
}
export interface Platform {
  index: number;
  name: string;
  vendor: string;
  version: string;
  error?: string;
}
export interface Device {
  selector: string;
  index: number;
  platformIndex: number;
  deviceIndex: number;
  platform: string;
  name: string;
  vendor: string;
  type: "gpu" | "cpu" | "accelerator" | "custom";
  version: string;
  driverVersion: string;
  computeUnits: number;
  globalMemBytes: number;
  localMemBytes: number;
  maxAllocBytes: number;
  maxWorkGroupSize: number;
  maxClockMHz: number;
  fp64: boolean;
  available: boolean;
}

// --- accls/run, accls/runOutput -------------------------------------------------

export const run = new lc.RequestType<RunParams, RunResult, void>("accls/run");
export const runOutput = new lc.NotificationType<RunOutputParams>("accls/runOutput");

export interface RunParams extends lc.WorkDoneProgressParams {
  textDocument: lc.TextDocumentIdentifier;
  runId?: string;
  device?: string;
  args?: string[];
  timeoutSeconds?: number;
}
export interface RunOutputParams {
  runId: string;
  stream: "stdout" | "stderr";
  text: string;
}
export interface RunResult {
  runId: string;
  outcome: "exited" | "signaled" | "timedOut" | "cancelled" | "translateFailed" | "buildFailed" | "startFailed";
  exitCode?: number;
  signal?: string;
  message: string;
  device?: string;
  deviceName?: string;
  wallMs: number;
  translateMs: number;
  buildMs: number;
  profile: boolean;
  kernels: KernelProfile[];
  transfers: TransferProfile;
  programBuilds?: BuildProfile;
  diagnostics?: number;
  outputDropped?: boolean;
}
export interface KernelProfile {
  name: string;
  launches: number;
  totalMs: number;
}
export interface TransferProfile {
  h2dCount: number;
  h2dBytes: number;
  h2dMs: number;
  d2hCount: number;
  d2hBytes: number;
  d2hMs: number;
}
export interface BuildProfile {
  count: number;
  ms: number;
}
