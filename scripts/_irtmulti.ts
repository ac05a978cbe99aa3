import { simulatePopulation } from "@/lib/metrics/irt/simulate";
import { estimateCheck } from "@/lib/metrics/irt/check";
const n = Number(process.argv[2] ?? 100); let red = 0, cov = 0, mae = 0, minCov = 1, minRed = 1, maxMae = 0;
const seeds = [1, 2, 3, 4, 7, 11];
for (const seed of seeds) {
  const s = estimateCheck(simulatePopulation({ configurations: 40, seed }), n, { seed });
  red += s.reduction; cov += s.adaptiveCoverage; mae += s.adaptiveMae; minCov = Math.min(minCov, s.adaptiveCoverage); minRed = Math.min(minRed, s.reduction); maxMae = Math.max(maxMae, s.adaptiveMae);
  console.log(seed, (s.adaptiveMae * 100).toFixed(2), (s.stratifiedMae * 100).toFixed(2), (s.reduction * 100).toFixed(0) + "%", (s.adaptiveCoverage * 100).toFixed(0) + "%", (s.stratifiedCoverage * 100).toFixed(0) + "%");
}
console.log(`mean MAE ${(mae / seeds.length * 100).toFixed(2)} max ${(maxMae*100).toFixed(2)} | reduction mean ${(red / seeds.length * 100).toFixed(0)}% min ${(minRed * 100).toFixed(0)}% | coverage mean ${(cov / seeds.length * 100).toFixed(0)}% min ${(minCov * 100).toFixed(0)}%`);
