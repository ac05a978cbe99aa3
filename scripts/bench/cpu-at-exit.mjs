// Preloaded (`node --import`) into a benched child process: at exit, writes the whole process's CPU
// time (user + system, every thread included, as getrusage counts it) and peak RSS to the file
// BENCH_CPU_FILE names, so a bench reads the child's CPU without /usr/bin/time (any platform).
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_CPU_FILE;
if (file) {
  process.on("exit", () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ cpuMs: (user + system) / 1000, maxRssKb: process.resourceUsage().maxRSS }));
  });
}
