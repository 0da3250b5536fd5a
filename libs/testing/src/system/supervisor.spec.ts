import type { ServiceProcess } from './service-process';
import { Supervisor } from './supervisor';

function fakeService(startResults: boolean[]): ServiceProcess & { starts: number } {
  const fake = {
    name: 'messaging',
    pid: 42,
    starts: 0,
    async start() {
      const ok = startResults[fake.starts++] ?? true;
      if (!ok) throw new Error('exited during start-up (code 1)\nlog tail');
    },
  };
  return fake as unknown as ServiceProcess & { starts: number };
}

describe('Supervisor', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('restarts a crashed service after a back-off that doubles with each crash in the window', async () => {
    const lines: string[] = [];
    const service = fakeService([true, true]);
    const supervisor = new Supervisor(service, { report: (line) => lines.push(line), initialBackoffMs: 1000 });
    supervisor.crashed({ code: null, signal: 'SIGKILL' });
    await jest.advanceTimersByTimeAsync(999);
    expect(service.starts).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(service.starts).toBe(1);
    supervisor.crashed({ code: 1, signal: null });
    await jest.advanceTimersByTimeAsync(2000);
    expect(service.starts).toBe(2);
    expect(lines).toEqual([
      'messaging stopped unexpectedly (signal SIGKILL); restarting in 1 s',
      'messaging is running again (pid 42)',
      'messaging stopped unexpectedly (code 1); restarting in 2 s',
      'messaging is running again (pid 42)',
    ]);
  });

  it('counts a failed start as a crash and gives up on a crash loop', async () => {
    const lines: string[] = [];
    const service = fakeService([false, false, false, false]);
    const supervisor = new Supervisor(service, {
      report: (line) => lines.push(line),
      initialBackoffMs: 10,
      maxCrashes: 3,
    });
    supervisor.crashed({ code: 1, signal: null });
    await jest.advanceTimersByTimeAsync(1000);
    expect(service.starts).toBe(2);
    expect(lines.at(-1)).toMatch(
      /^messaging crashed 3 times within 120 s \(last: failed to start: exited during start-up \(code 1\)\); giving up/,
    );
  });

  it('does nothing once stopped', async () => {
    const service = fakeService([]);
    const supervisor = new Supervisor(service, { report: () => undefined });
    supervisor.crashed({ code: null, signal: 'SIGKILL' });
    supervisor.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(service.starts).toBe(0);
  });
});
