// Runs an Nx command with the full output going to a log file and a short report on the terminal:
// one line per task whose output Nx has printed (with its test count), and in full only the output
// of the tasks that failed. A CI page that shows only part of the output then still shows why a run failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, workspaceEnv } from './lib.mjs';

// Colour codes, written with String.fromCharCode so the pattern holds no control character.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const taskHeader = /^> nx run (\S+)/;
// Nx quotes a target name with a colon in its headers (e2e:"test:e2e") but not in its summary.
const taskName = (text) => text.replaceAll('"', '');
const testCount = /^\s*Tests\s+(.*\d+ passed.*?)(?:\s+\(\d+\))?$/;
const MAX_FAILED_LINES = 400;

/** Splits Nx's static output into the blocks of its tasks (each begins with "> nx run <task>"). */
function taskBlocks(lines) {
  const blocks = new Map();
  let current;
  for (const line of lines) {
    const header = taskHeader.exec(line);
    if (header) {
      current = [];
      blocks.set(taskName(header[1]), current);
    }
    current?.push(line);
  }
  return blocks;
}

function failedTasks(lines) {
  const start = lines.findIndex((line) => line.trim() === 'Failed tasks:');
  if (start < 0) return [];
  const names = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^\s*-\s+(\S+)/.exec(line);
    if (match) names.push(taskName(match[1]));
    else if (line.trim() !== '') break;
  }
  return names;
}

/** Runs `command args`; resolves when it succeeds, rejects with a readable report when it fails. */
export function runWithTaskReport(command, args, { logFile, label }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  const lines = [];
  let pending = '';
  let task;
  // Whether a task failed is known only from Nx's summary at the end, so a line claims nothing.
  const reportTask = () => {
    if (task) console.log(`  · ${task.name}${task.tests ? ` (tests: ${task.tests})` : ''}`);
  };

  const onLine = (rawLine) => {
    const line = rawLine.replace(ansi, '');
    lines.push(line);
    const header = taskHeader.exec(line);
    if (header) {
      reportTask();
      task = { name: taskName(header[1]) };
      return;
    }
    const count = testCount.exec(line);
    if (task && count) task.tests = count[1].trim();
  };

  return new Promise((resolve, reject) => {
    console.log(`${label} (full output: ${path.relative(repoRoot, logFile)})`);
    const child = spawn(command, args, { cwd: repoRoot, env: workspaceEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const onData = (chunk) => {
      log.write(chunk);
      const text = pending + chunk.toString('utf8');
      const parts = text.split('\n');
      pending = parts.pop() ?? '';
      for (const part of parts) onLine(part);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      if (pending) onLine(pending);
      log.end();
      reportTask();
      if (code === 0) {
        console.log(`${label}: all passed.`);
        resolve();
        return;
      }
      const failed = failedTasks(lines);
      const blocks = taskBlocks(lines);
      const names = failed.length > 0 ? failed : task ? [task.name] : [];
      for (const name of names) {
        const block = blocks.get(name) ?? [];
        const shown = block.length > MAX_FAILED_LINES ? ['…', ...block.slice(-MAX_FAILED_LINES)] : block;
        console.log(`\n  ✗ ${name} failed; its output:\n${shown.join('\n')}`);
      }
      const summaryStart = lines.findLastIndex((line) => /^\s*NX\s/.test(line));
      const summary = lines.slice(summaryStart >= 0 ? summaryStart : -25).join('\n');
      reject(new Error(`${label} failed (exit code ${code}).\n${summary}`));
    });
  });
}
