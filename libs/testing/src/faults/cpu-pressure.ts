import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CpuPressure {
  /** Ends the spinning processes (each also ends by itself at its deadline). */
  stop(): Promise<void>;
}

/**
 * Keeps the cores busy with spinning processes (one per core by default) for at most `maxMs`,
 * so that the timing races of a loaded machine show up in a test. Each spinner also ends by
 * itself at the deadline or when the test process dies, so nothing is left spinning.
 */
export function startCpuPressure(options: { maxMs: number; processes?: number }): CpuPressure {
  const count = options.processes ?? availableParallelism();
  // Spins until the deadline, or until its parent is gone (a killed test run).
  const spin = `const end = Date.now() + ${Math.round(options.maxMs)}; const parent = process.ppid; for (let i = 1; Date.now() < end; i++) if (i % 1e6 === 0 && process.ppid !== parent) break;`;
  const spinners: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }),
  );
  return {
    stop: async () => {
      await Promise.all(
        spinners.map(
          (spinner) =>
            new Promise<void>((resolve) => {
              if (spinner.exitCode !== null || spinner.signalCode !== null) return resolve();
              spinner.once('exit', () => resolve());
              spinner.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
