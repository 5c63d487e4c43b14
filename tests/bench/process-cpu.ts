/** CPU time of a PostgreSQL server's processes, for the benchmarks' CPU-per-request columns. */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (ms) of the embedded server so far: the postmaster `pid` and its live children (the
 * connections), plus what its exited children (parallel workers, closed connections) used, from
 * /proc (Linux; NaN elsewhere or for a separate server). Beside the wall clock, it does not depend
 * on what else the machine runs.
 */
export function databaseCpuMs(pid: number | null): number {
  if (!pid) return NaN;
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // After the command's closing parenthesis: [1] the parent's pid, [11] utime, [12] stime, [13] cutime, [14] cstime (ticks).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === pid) total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * tick;
      else if (Number(fields[1]) === pid) total += (Number(fields[11]) + Number(fields[12])) * tick;
    }
    return total;
  } catch {
    return NaN;
  }
}
