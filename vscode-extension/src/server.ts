// Finding the accls binary: the accls.path setting, else the binary shipped
// in the extension's bin/, else accls on PATH.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";

export interface ServerBinary {
  path: string;
  // How it was found, for the log and the status item.
  from: "setting" | "bundled" | "PATH";
}

export class ServerNotFoundError extends Error {}

function isExecutable(p: string): boolean {
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) {
      return false;
    }
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// expand replaces a leading ~ and ${userHome}, ${workspaceFolder} (the first
// folder) in a configured path.
export function expand(p: string): string {
  const home = os.homedir();
  let s = p.trim();
  if (s === "~" || s.startsWith("~/")) {
    s = home + s.slice(1);
  }
  s = s.replace(/\$\{userHome\}/g, home);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (folder) {
    s = s.replace(/\$\{workspaceFolder\}/g, folder);
    if (!path.isAbsolute(s) && s.includes(path.sep)) {
      s = path.join(folder, s);
    }
  }
  return s;
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) {
      return path.join(dir, name);
    }
  }
  return undefined;
}

// findServer resolves the binary or throws ServerNotFoundError with a message
// that says what was tried.
export function findServer(extensionPath: string): ServerBinary {
  const configured = vscode.workspace.getConfiguration("accls").get<string>("path", "").trim();
  if (configured) {
    const p = expand(configured);
    if (isExecutable(p)) {
      return { path: p, from: "setting" };
    }
    const found = !path.isAbsolute(p) ? onPath(p) : undefined;
    if (found) {
      return { path: found, from: "setting" };
    }
    throw new ServerNotFoundError(`accls.path is set to "${configured}", which is not an executable file.`);
  }
  const bundled = path.join(extensionPath, "bin", process.platform === "win32" ? "accls.exe" : "accls");
  if (isExecutable(bundled)) {
    return { path: bundled, from: "bundled" };
  }
  const found = onPath("accls");
  if (found) {
    return { path: found, from: "PATH" };
  }
  throw new ServerNotFoundError(
    "The accls binary was not found: set accls.path, install the extension's platform package (linux-x64 ships the binary), or put accls on PATH.",
  );
}
