/**
 * CPU profile of a server instance for bench/alarm-latency.ts --profile, loaded with
 * `NODE_OPTIONS=--import <this file>` (Node 20 refuses `--cpu-prof` in NODE_OPTIONS, and the
 * instances' command line belongs to scripts/cluster/instances.ts). Starts V8's sampling profiler
 * at once (every ALARM_BENCH_PROFILE_US µs, default 250) and writes the main thread's profile to
 * ALARM_BENCH_PROFILE_DIR/CPU.<pid>.0.001.cpuprofile when the process exits (the instance's
 * graceful SIGTERM shutdown ends in process.exit). Plain JavaScript: it runs before tsx loads.
 */
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.ALARM_BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  // The main thread's inspector session answers synchronously, so 'exit' can still write.
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: Number(process.env.ALARM_BENCH_PROFILE_US ?? 250) });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(path.join(dir, `CPU.${process.pid}.0.001.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
