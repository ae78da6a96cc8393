/**
 * Chromium for a bench, found (or installed) the way the e2e tests find it, and closed on every
 * exit path. Playwright starts the browser in its own process group; its group id is registered
 * with the runner, which kills it if this bench dies before it could close the browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../e2e/chromium';
import { ensureChromium } from '../../e2e/ensure-chromium';
import { onExit, registerGroup } from './cleanup';

/** Direct children of this process (Linux /proc; elsewhere none, and the browser ends with its pipe). */
function childPids(): number[] {
  const out: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid) out.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

export async function launchChromium(label: string): Promise<Browser> {
  const executablePath = ensureChromium(label);
  const before = new Set(childPids());
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const pids = childPids().filter((pid) => !before.has(pid));
  for (const pid of pids) registerGroup(pid);
  onExit(() => {
    for (const pid of pids) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // closed already
      }
    }
  });
  return browser;
}
