/**
 * A process started by a launcher with an IPC channel (`npm start`, the e2e harness) stops when
 * that channel closes: the launcher is gone, even killed by SIGKILL, which it could not pass on.
 * The stop is the usual SIGTERM, so in-flight work finishes as on any shutdown.
 */
export function stopWithLauncher(): void {
  if (!process.channel) return;
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // Watching must not keep an otherwise finished process alive.
  process.channel.unref();
}
