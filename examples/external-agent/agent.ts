#!/usr/bin/env tsx
// A reference external agent for WorkBench Studio (pull mode): claims tasks of a run until none is
// left, solves each over MCP (Streamable HTTP) and finishes it. Start as many processes as you like;
// Studio keeps the run's concurrency across all of them.
//
//   npx tsx examples/external-agent/agent.ts --studio http://localhost:3000 --run <run id> --token <agent token>
//
// The model: AGENT_BASE_URL, AGENT_MODEL, AGENT_API_KEY (any OpenAI-compatible endpoint, see agent-loop.ts).
import { modelFromEnv, parseAgentArgs, runClaimLoop } from "./agent-loop";
import { solveTask } from "./solve-task";

const args = parseAgentArgs("agent.ts");
const model = modelFromEnv();
const solved = await runClaimLoop(args, (task) => solveTask(task, model));
console.log(`agent done: ${solved} task(s)`);
