import { type ChildProcess, spawn } from 'node:child_process';

/** A Node process the test starts (a server, a CLI), its stdout and stderr read as one text. */
export interface StartedProcess {
  child: ChildProcess;
  output: () => string;
  /** The exit code; -1 when a signal ended it. */
  exit: Promise<number>;
}

export function startNode(args: string[], env?: Record<string, string>): StartedProcess {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: unknown) => {
    output += String(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exit = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, output: () => output, exit };
}
